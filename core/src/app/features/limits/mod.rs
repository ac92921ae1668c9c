//! Responsible gaming (SPEC §4 Limits, §7 `/api/player/limits`, §9 periods and advanced
//! mode): the player's bet, loss and deposit limits per period and currency, self-exclusion
//! and cooling-off; the add-limit, edit-limit, confirm-limit-update and confirm-delete-limit
//! modals. A change is sent only after the player confirms it; a deposit refused with 13100
//! reloads the list (`Signal::LimitReached` from the payments flow). A loosened limit comes
//! back with its `pending` change (it applies 24 h later, issue 30); cancelling it puts the
//! limit's current period and amount again.

pub mod view;
mod wire;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::forms::{self, FormState};
use crate::app::registry::{FormId, Req};
use crate::domain::alert::Alert;
use crate::domain::limit::{LimitDefinition, LimitPeriod};
use crate::domain::validation::{Rule, Value};
use serde::Serialize;

pub use wire::Item;

/// The address parameter the edit and confirm modals carry (SPEC §2).
pub const LIMIT_PARAM: &str = "limitId";

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub items: Vec<Item>,
    pub loading: bool,
    pub loaded: bool,
    pub failed: bool,
    /// A reload was asked for while one was in flight.
    stale: bool,
    /// The player's advanced-mode choice per amount definition (bet, loss, deposit); `None`
    /// follows the SPEC §9 rule.
    pub advanced: [Option<bool>; 3],
    pub add: FormState,
    pub edit: FormState,
    /// The limit the edit form was filled from.
    pub editing: Option<u64>,
    /// A checked change waiting for the confirm-limit-update modal.
    pub pending: Option<Pending>,
    /// An update or removal in flight.
    pub busy: bool,
    /// Decimals per currency code (from settings, taken when a form opens): the amount rule.
    places: Vec<(String, u32)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub id: u64,
    pub period: LimitPeriod,
    pub amount: Option<String>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum LimitsUi {
    /// Open add-limit for a definition code (1-5), optionally with period and currency set.
    LimitAdd {
        definition: u8,
        #[serde(default)]
        period: Option<String>,
        #[serde(default)]
        currency: Option<String>,
    },
    LimitEdit {
        id: u64,
    },
    /// Ask before removing (confirm-delete-limit).
    LimitRemove {
        id: u64,
    },
    /// The confirm-delete-limit modal's yes: the limit of the address's `limitId`.
    LimitRemoveConfirm,
    /// The confirm-limit-update modal's yes.
    LimitUpdateConfirm,
    /// Back from the confirm modal to the edit form.
    LimitUpdateBack,
    LimitsAdvanced {
        definition: u8,
        on: bool,
    },
    LimitsRetry,
    /// Cancel the limit's pending loosening.
    LimitLaterCancel {
        id: u64,
    },
}

/// `POST /limits` (SPEC §7): the amount and its currency only for a money limit.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddBody<'a> {
    pub definition: u8,
    pub period: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<String>,
}

/// A limit's update and the cancel of its pending change: the period, and the amount of a
/// money limit.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodBody<'a> {
    pub period: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<&'a str>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    List,
    Add,
    Update(u64),
    Remove(u64),
    /// The same `PUT` as an update, with the limit's values in force: drops its pending change.
    Cancel(u64),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let path = "/api/player/limits";
        match self {
            Call::List => Route::get(path, Auth::Player),
            Call::Add => Route::write(Method::Post, path, Auth::Player),
            Call::Update(id) | Call::Cancel(id) => {
                Route::item(Method::Put, path, id, "", Auth::Player)
            }
            Call::Remove(id) => Route::item(Method::Delete, path, id, "", Auth::Player),
        }
    }
}

impl Feature for Limits {
    type Ui = LimitsUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "limitAdd",
        "limitEdit",
        "limitLaterCancel",
        "limitRemove",
        "limitRemoveConfirm",
        "limitUpdateBack",
        "limitUpdateConfirm",
        "limitsAdvanced",
        "limitsRetry",
    ];

    fn ui(&mut self, event: LimitsUi, cx: &mut Cx) {
        // Limits are a player's; a guest's click (a stale page) does nothing.
        if !cx.shared.is_player() {
            return;
        }
        match event {
            LimitsUi::LimitAdd {
                definition,
                period,
                currency,
            } => {
                let Some(def) = LimitDefinition::from_code(definition) else {
                    return;
                };
                self.take_places(cx);
                self.add.reset();
                let mut set = |k: &str, v: Option<String>| {
                    if let Some(v) = v.filter(|v| !v.is_empty()) {
                        self.add.values.insert(k.into(), Value::Text(v));
                    }
                };
                set("definition", Some(def.code().to_string()));
                set("period", period.filter(|p| LimitPeriod::parse(p).is_some()));
                set("currency", currency.filter(|_| def.has_amount()));
                cx.forms_changed();
                cx.open_modal("add-limit");
            }
            LimitsUi::LimitEdit { id } => {
                if self.find(id).is_some() {
                    self.take_places(cx);
                    self.fill_edit(id);
                    cx.forms_changed();
                    open_with(cx, "edit-limit", id);
                }
            }
            LimitsUi::LimitRemove { id } => {
                if self.find(id).is_some_and(|i| i.until.is_none()) {
                    open_with(cx, "confirm-delete-limit", id);
                }
            }
            LimitsUi::LimitRemoveConfirm => {
                let Some(id) = address_limit(cx).filter(|id| self.find(*id).is_some()) else {
                    cx.close_modal();
                    return;
                };
                if !self.busy {
                    self.busy = true;
                    cx.call(Req::Limits(Call::Remove(id)), None);
                }
            }
            LimitsUi::LimitUpdateConfirm => match self.pending.clone() {
                Some(p) if !self.busy => {
                    self.busy = true;
                    let body = PeriodBody {
                        period: p.period.as_str(),
                        amount: p.amount.as_deref(),
                    };
                    cx.send(Req::Limits(Call::Update(p.id)), &body);
                }
                Some(_) => {}
                None => cx.close_modal(),
            },
            LimitsUi::LimitUpdateBack => {
                if let Some(p) = self.pending.take() {
                    open_with(cx, "edit-limit", p.id);
                }
            }
            LimitsUi::LimitsAdvanced { definition, on } => {
                if let Some(slot) = usize::from(definition)
                    .checked_sub(1)
                    .and_then(|i| self.advanced.get_mut(i))
                {
                    *slot = Some(on);
                }
            }
            LimitsUi::LimitsRetry => self.load(cx),
            LimitsUi::LimitLaterCancel { id } => {
                let Some(item) = self.find(id).filter(|i| i.pending.is_some()) else {
                    return;
                };
                if self.busy {
                    return;
                }
                let body = PeriodBody {
                    period: item.period.as_str(),
                    amount: item.amount.as_deref(),
                };
                cx.send(Req::Limits(Call::Cancel(id)), &body);
                self.busy = true;
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Started { .. }) => {
                if on_page(cx) || self.loaded {
                    self.load(cx);
                }
            }
            Hook::Session(SessionChange::Ended) => {
                *self = Limits::default();
                cx.forms_changed();
            }
            Hook::Navigated { .. } => {
                if !cx.shared.is_player() {
                    return false;
                }
                if on_page(cx) && !self.loaded && !self.loading {
                    self.load(cx);
                }
                self.sync_edit(cx);
            }
            // A refusal anywhere: the limits are what the player is shown next.
            Hook::Signal(Signal::LimitReached) => {
                if cx.shared.is_player() {
                    self.load(cx);
                }
            }
            Hook::Refetch => {
                if cx.shared.is_player() && (self.loaded || on_page(cx)) {
                    self.load(cx);
                }
            }
            _ => return false,
        }
        true
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::List => {
                self.loading = false;
                match answer.map(|b| wire::list(&b)) {
                    Ok(Some(items)) => {
                        self.items = items;
                        self.loaded = true;
                        self.failed = false;
                        self.sync_edit(cx);
                    }
                    Ok(None) => self.load_failed(cx, "limits: not a list"),
                    Err(e) => self.load_failed(cx, &format!("limits: {e}")),
                }
                if self.stale {
                    self.stale = false;
                    self.load(cx);
                }
            }
            Call::Add => match answer.map(|b| wire::one(&b)) {
                Ok(Some(item)) => {
                    self.add.reset();
                    cx.forms_changed();
                    self.items.retain(|i| i.id != item.id);
                    self.items.push(item);
                    cx.close_modal();
                    cx.success("alerts.limitAdded");
                }
                Ok(None) => self.malformed(cx),
                Err(e) => {
                    let rules = self.add_rules();
                    forms::failed(&mut self.add, &rules, e, cx);
                }
            },
            Call::Update(id) => {
                self.busy = false;
                match answer.map(|b| wire::one(&b)) {
                    Ok(Some(item)) => {
                        self.pending = None;
                        self.editing = None;
                        self.edit.reset();
                        cx.forms_changed();
                        // A loosening waits: say so rather than "changed".
                        let key = if item.pending.is_some() {
                            "alerts.limitLater"
                        } else {
                            "alerts.limitUpdated"
                        };
                        self.replace(item);
                        cx.close_modal();
                        cx.success(key);
                    }
                    Ok(None) => self.malformed(cx),
                    Err(e) => {
                        // Back to the form with the server's reason; the typed values stay.
                        self.pending = None;
                        let rules = self.edit_rules();
                        forms::failed(&mut self.edit, &rules, e, cx);
                        open_with(cx, "edit-limit", id);
                    }
                }
            }
            Call::Remove(id) => {
                self.busy = false;
                match answer {
                    // The limit back with a pending removal: it stays for 24 h.
                    Ok(body) => {
                        match wire::one(&body).filter(|i| i.id == id && i.pending.is_some()) {
                            Some(item) => {
                                self.replace(item);
                                cx.close_modal();
                                cx.success("alerts.limitRemovalLater");
                            }
                            None => {
                                self.items.retain(|i| i.id != id);
                                cx.close_modal();
                                cx.success("alerts.limitRemoved");
                            }
                        }
                    }
                    Err(ResponseError::Status { status: 404, .. }) => {
                        // Already gone (another tab): the list says so.
                        cx.close_modal();
                        self.load(cx);
                    }
                    Err(e) => refused(e, cx),
                }
            }
            Call::Cancel(_) => {
                self.busy = false;
                match answer.map(|b| wire::one(&b)) {
                    Ok(Some(item)) => {
                        self.replace(item);
                        cx.success("alerts.limitLaterCancelled");
                    }
                    Ok(None) => self.malformed(cx),
                    Err(e) => {
                        refused(e, cx);
                        self.load(cx);
                    }
                }
            }
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        match form {
            FormId::LimitAdd => self.add_rules(),
            _ => self.edit_rules(),
        }
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        match form {
            FormId::LimitAdd => Some(&mut self.add),
            FormId::LimitEdit => Some(&mut self.edit),
            _ => None,
        }
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        match form {
            FormId::LimitAdd => Some(&self.add),
            FormId::LimitEdit => Some(&self.edit),
            _ => None,
        }
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        if !cx.shared.is_player() {
            // Opened from an address as a guest: sign in first; what was typed stays.
            let state = if form == FormId::LimitAdd {
                &mut self.add
            } else {
                &mut self.edit
            };
            state.submitting = false;
            cx.forms_changed();
            cx.open_modal("sign-in");
            return;
        }
        if form == FormId::LimitAdd {
            let def = self.add.text("definition");
            let period = self.add.text("period");
            let money = definition_of(&self.add).is_some_and(LimitDefinition::has_amount);
            let body = AddBody {
                definition: def.parse::<u8>().ok().unwrap_or(0),
                period: &period,
                currency: money.then(|| self.add.text("currency")),
                amount: money.then(|| self.add.text("amount")),
            };
            cx.send(Req::Limits(Call::Add), &body);
            return;
        }
        // The edit form is checked here and sent only once confirmed.
        self.edit.submitting = false;
        cx.forms_changed();
        let (Some(id), Some(period)) =
            (self.editing, LimitPeriod::parse(&self.edit.text("period")))
        else {
            return;
        };
        let amount = self
            .find(id)
            .is_some_and(|i| i.amount.is_some())
            .then(|| self.edit.text("amount"));
        self.pending = Some(Pending { id, period, amount });
        open_with(cx, "confirm-limit-update", id);
    }
}

impl Limits {
    pub fn find(&self, id: u64) -> Option<&Item> {
        self.items.iter().find(|i| i.id == id)
    }

    fn load(&mut self, cx: &mut Cx) {
        if self.loading {
            self.stale = true;
            return;
        }
        self.loading = true;
        cx.call(Req::Limits(Call::List), None);
    }

    fn load_failed(&mut self, cx: &mut Cx, why: &str) {
        cx.log(LogLevel::Warn, why);
        self.failed = !self.loaded;
    }

    fn malformed(&mut self, cx: &mut Cx) {
        cx.log(LogLevel::Warn, "limits: answer is not a limit");
        self.add.submitting = false;
        cx.forms_changed();
        cx.error("alerts.somethingWrong");
        self.load(cx);
    }

    fn replace(&mut self, item: Item) {
        match self.items.iter_mut().find(|i| i.id == item.id) {
            Some(i) => *i = item,
            None => self.items.push(item),
        }
    }

    fn fill_edit(&mut self, id: u64) {
        let Some(item) = self.find(id).cloned() else {
            return;
        };
        self.edit.reset();
        self.edit
            .values
            .insert("period".into(), Value::Text(item.period.as_str().into()));
        if let Some(a) = item.amount {
            self.edit.values.insert("amount".into(), Value::Text(a));
        }
        self.editing = Some(id);
    }

    /// The edit-limit modal opened from the address (a reload, a link): fill its form once.
    fn sync_edit(&mut self, cx: &mut Cx) {
        let modal = cx
            .shared
            .location
            .query_value(crate::domain::modal::MODAL_PARAM);
        if modal != Some("edit-limit") {
            return;
        }
        if let Some(id) = address_limit(cx) {
            if self.editing != Some(id) && self.find(id).is_some() {
                self.fill_edit(id);
                cx.forms_changed();
            }
        }
    }

    fn add_rules(&self) -> Vec<(String, Vec<Rule>)> {
        add_rules(&self.add, self.places_of(&self.add.text("currency")))
    }

    /// Settings' currencies as decimals per code, for the amount rule.
    fn take_places(&mut self, cx: &Cx) {
        self.places = cx
            .shared
            .currencies
            .iter()
            .map(|c| {
                let mut n = 0;
                let mut s = c.subunit_to_unit;
                while s >= 10 {
                    s /= 10;
                    n += 1;
                }
                (c.code.clone(), n)
            })
            .collect();
    }

    fn places_of(&self, code: &str) -> u32 {
        self.places
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map_or(2, |(_, n)| *n)
    }

    fn edit_rules(&self) -> Vec<(String, Vec<Rule>)> {
        let mut rules = vec![("period".to_string(), vec![Rule::Required])];
        if let Some(item) = self.editing.and_then(|id| self.find(id)) {
            if let Some(c) = &item.currency {
                rules.push(("amount".into(), amount_rules(self.places_of(c))));
            }
        }
        rules
    }
}

fn definition_of(form: &FormState) -> Option<LimitDefinition> {
    form.text("definition")
        .parse::<u8>()
        .ok()
        .and_then(LimitDefinition::from_code)
}

fn add_rules(form: &FormState, places: u32) -> Vec<(String, Vec<Rule>)> {
    let mut rules = vec![
        ("definition".to_string(), vec![Rule::Required]),
        ("period".to_string(), vec![Rule::Required]),
    ];
    if definition_of(form).is_some_and(LimitDefinition::has_amount) {
        rules.push(("currency".into(), vec![Rule::Required]));
        rules.push(("amount".into(), amount_rules(places)));
    }
    rules
}

/// A positive amount with at most the currency's decimals.
fn amount_rules(places: u32) -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::Numeric,
        Rule::Decimal(Some((0, places))),
        Rule::MinValue(smallest(places)),
    ]
}

/// The currency's smallest amount: `0.01` for 2 decimals, `1` for none.
fn smallest(places: u32) -> String {
    match places {
        0 => "1".into(),
        n => {
            let mut s = String::from("0.");
            for _ in 1..n {
                s.push('0');
            }
            s.push('1');
            s
        }
    }
}

fn open_with(cx: &mut Cx, modal: &str, id: u64) {
    cx.msg(Msg::OpenModalWith(
        modal.into(),
        vec![(LIMIT_PARAM.into(), id.to_string())],
    ));
}

fn address_limit(cx: &Cx) -> Option<u64> {
    cx.shared.location.query_value(LIMIT_PARAM)?.parse().ok()
}

fn on_page(cx: &Cx) -> bool {
    cx.shared
        .route
        .as_ref()
        .is_ok_and(|r| r.name.trim_start_matches("locale-") == "profile-limits")
}

/// A removal refused: the server's sentence (e.g. until when a self-exclusion runs).
fn refused(e: ResponseError, cx: &mut Cx) {
    cx.log_err(LogLevel::Warn, "limit", &e);
    let mut alert = Alert::error("alerts.somethingWrong");
    if let ResponseError::Status { error, .. } = &e {
        if !error.message.is_empty() {
            alert = alert.with_description(&error.message);
        }
    }
    cx.close_modal();
    cx.alert(alert);
}
