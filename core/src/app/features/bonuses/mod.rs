//! Bonuses, free spins, bonus codes, cashback and deposit bonuses (SPEC §3, §4 "Bonus and
//! free spin", "Bonus code", "Active account", §7 Bonuses, §8, §9 debounce).
//!
//! - The lists hold issued and active items of the active account's currency; pushes on
//!   `bonus:player-bonuses#` / `bonus:player-freespins#` update them at once (alert keyed
//!   `status-result`, with the all/one/several-games suffix for bonuses) and schedule one
//!   refresh 500 ms after the last change (trailing edge: the last change is never lost).
//! - Activate and cancel go through confirm-bonus; a cancel refused for unsettled bets asks
//!   again (confirm-bonus-unsettled, then sent with `force`), a locked one opens
//!   bonus-cancel-lock; any other refusal leaves the item as it was and says why.
//! - Bonus codes: typed text is normalised (spaces out, upper case); statuses 3 and 4 give
//!   the SPEC §8 alerts, once per code (its answer and its push carry the same id).
//! - Deposit bonuses meet the wallet's deposit form: the wallet shares the typed amount in
//!   units (`Shared::deposit_amount`, `Hook::DepositAmount`); the packages are asked again
//!   with `currency` and that `amount` 500 ms after the typing stops (SPEC §7, §9), the
//!   package-bonus modal offers those whose trigger the amount reaches in the active
//!   currency, and the chosen id goes to the parent (`Msg::DepositBonus`), which the deposit
//!   call sends as `bonusId`.

pub mod history;
pub mod retention;
pub mod view;
pub mod wire;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method, TimerId};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange};
use crate::app::registry::{Req, Tick};
use crate::domain::alert::Alert;
use crate::domain::bonus::{self, PlayerBonus, PlayerFreespin, WagerCasinoConditions};
use crate::domain::bonus_code;
use crate::domain::realtime::push::{Push, EVENT_INVOICE_DEPOSIT};
use crate::json::Json;
use serde::Serialize;
use wire::{Code, Item, Kind, Package};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Activate,
    Cancel,
}

/// What confirm-bonus (or confirm-bonus-unsettled, with `force`) is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    pub kind: Kind,
    pub id: u64,
    pub action: Action,
    pub force: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bonuses {
    /// Issued and active bonuses and free spins, newest first.
    pub items: Vec<Item>,
    /// List calls in flight.
    pub loading: u8,
    pub loaded: bool,
    refresh: Option<TimerId>,
    /// Items with an activate or cancel in flight.
    pub busy: Vec<(Kind, u64)>,
    pub ask: Option<Ask>,
    pub codes: Vec<Code>,
    /// Code ids already answered or pushed (one alert each).
    seen_codes: Vec<u64>,
    pub code_input: String,
    /// A content key under the code field.
    pub code_error: Option<&'static str>,
    pub code_sending: bool,
    /// `(amount, percent)` in the active currency.
    pub cashback: Option<(String, String)>,
    /// The active currency's deposit bonus packages (asked with the currency alone): what
    /// the deposit form says exists, and from which amount.
    pub packages: Vec<Package>,
    /// The packages the platform offers for the typed amount (asked with `amount`), once it
    /// answered for the amount typed now; until then the typed amount is held against
    /// `packages`.
    pub offered: Option<Vec<Package>>,
    /// The packages asked again once the typed amount rests (SPEC §9 debounce).
    packages_timer: Option<TimerId>,
    pub chosen: Option<u64>,
    /// Quests and loyalty (behind their public flags).
    pub retention: retention::Retention,
    /// The wallet history page's bonuses tab.
    pub history: history::BonusHistory,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum BonusesUi {
    /// Ask to activate or cancel a bonus or free spins (opens confirm-bonus).
    BonusAsk {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "\"bonus\" | \"freespin\""))]
        kind: Kind,
        id: u64,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "\"activate\" | \"cancel\""))]
        action: Action,
    },
    /// Yes in confirm-bonus / confirm-bonus-unsettled.
    BonusConfirm,
    BonusCodeInput {
        value: String,
    },
    BonusCodeSubmit,
    BonusCodeDelete {
        id: u64,
    },
    /// The package-bonus choice; `null` = no bonus.
    ChooseDepositBonus {
        id: Option<u64>,
    },
    /// Load the lists again (after a failure).
    RefreshBonuses,
    QuestActivate {
        id: u64,
    },
    QuestCancel {
        id: u64,
    },
    /// The level-up modal was closed.
    LevelUpSeen,
    /// The history tab's filters (the mobile sheet's apply): the address changes. Values as
    /// in the address; anything unknown means "all".
    BonusHistoryFilter {
        #[cfg_attr(
            target_arch = "wasm32",
            tsify(type = "\"all\" | \"active\" | \"finished\"")
        )]
        status: String,
        #[cfg_attr(
            target_arch = "wasm32",
            tsify(type = "\"all\" | \"bonus\" | \"freespin\"")
        )]
        kind: String,
        /// A currency code, or empty for every currency.
        currency: String,
    },
}

/// An activation or cancel the player confirmed over another bonus: `{"force": true}`.
#[derive(Serialize)]
pub struct ForceBody {
    pub force: bool,
}

/// A bonus code added by the player (`trigger` is always [`TRIGGER`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeBody<'a> {
    pub bonus_code: &'a str,
    pub trigger: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeleteCodeBody {
    pub player_bonus_code_id: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    List(Kind, String),
    /// The history tab's list of one kind under its filters.
    History(Kind, history::Filter),
    Activate(Kind, u64),
    Cancel(Kind, u64),
    Codes,
    AddCode,
    DeleteCode(u64),
    Cashback(String),
    /// Deposit bonus packages for a currency and, once typed, the deposit amount in units.
    Packages {
        currency: String,
        amount: Option<String>,
    },
    /// Whether a chosen deposit bonus is still available (id, currency).
    Status(u64, String),
    /// The public flags (SPEC §6), in the settings constants.
    Flags,
    Quests(String),
    QuestActivate(u64),
    QuestCancel(u64),
    Loyalty,
    Levels,
}

pub(crate) fn base(kind: Kind) -> &'static str {
    match kind {
        Kind::Bonus => "/api/game/player-bonuses",
        Kind::Freespin => "/api/game/player-freespins",
    }
}

const CODES: &str = "/api/game/bonuses/bonuscodes";
/// Codes entered on the bonuses page and in the wallet (SPEC §7 `trigger`).
const TRIGGER: &str = "manual";

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::List(kind, currency) => Route::get(base(*kind), Auth::Player).query(&[
                ("status[]", "1"),
                ("status[]", "2"),
                ("currency[]", currency),
            ]),
            Call::History(kind, filter) => history::route(*kind, filter),
            Call::Activate(kind, id) => {
                Route::item(Method::Put, base(*kind), id, "/activate", Auth::Player)
            }
            Call::Cancel(kind, id) => {
                Route::item(Method::Put, base(*kind), id, "/cancel", Auth::Player)
            }
            Call::Codes => Route::get(CODES, Auth::Player).query(&[("trigger", TRIGGER)]),
            Call::AddCode => Route::write(Method::Post, CODES, Auth::Player),
            Call::DeleteCode(_) => Route::write(Method::Delete, CODES, Auth::Player),
            Call::Cashback(c) => {
                Route::get("/api/game/bonuses/cashback", Auth::Player).query(&[("currency", c)])
            }
            Call::Packages { currency, amount } => {
                let r =
                    Route::get("/api/game/bonuses", Auth::Player).query(&[("currency", currency)]);
                match amount {
                    Some(a) => r.query(&[("amount", a)]),
                    None => r,
                }
            }
            Call::Status(id, c) => Route::get("/api/game/bonuses/status", Auth::Player)
                .query(&[("bonusIds[]", &id.to_string()), ("currency", c)]),
            Call::Flags => Route::get("/api/settings/constants", Auth::Public),
            Call::Quests(c) => Route::get("/api/retention/quests", Auth::Player).query(&[
                ("state[]", "1"),
                ("state[]", "2"),
                ("currency", c),
            ]),
            Call::QuestActivate(id) => Route::item(
                Method::Put,
                "/api/retention/quests",
                id,
                "/activate",
                Auth::Player,
            ),
            Call::QuestCancel(id) => Route::item(
                Method::Put,
                "/api/retention/quests",
                id,
                "/cancel",
                Auth::Player,
            ),
            Call::Loyalty => Route::get("/api/retention/account", Auth::Player),
            Call::Levels => Route::get("/api/retention/levels", Auth::Player),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum BonusTick {
    /// The debounced list refresh is due.
    Refresh,
    /// The typed deposit amount rested: the deposit bonuses are asked for it.
    Packages,
    /// The level-up banner's 3 s are over.
    HideBanner,
}

fn req(call: Call) -> Req {
    Req::Bonuses(call)
}

impl Feature for Bonuses {
    type Ui = BonusesUi;
    type Call = Call;
    type Tick = BonusTick;
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "bonusAsk",
        "bonusCodeDelete",
        "bonusCodeInput",
        "bonusCodeSubmit",
        "bonusConfirm",
        "bonusHistoryFilter",
        "chooseDepositBonus",
        "levelUpSeen",
        "questActivate",
        "questCancel",
        "refreshBonuses",
    ];

    fn ui(&mut self, event: BonusesUi, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        match event {
            BonusesUi::BonusAsk { kind, id, action } => {
                let Some(item) = self.find(kind, id) else {
                    return;
                };
                // Only what the card offers: activate an issued one, cancel a locked one
                // says why at once.
                if action == Action::Activate && item.status != bonus::STATUS_ISSUED {
                    return;
                }
                if action == Action::Cancel && item.cancel_locked {
                    modal(cx, "bonus-cancel-lock", id);
                    return;
                }
                self.ask = Some(Ask {
                    kind,
                    id,
                    action,
                    force: false,
                });
                modal(cx, "confirm-bonus", id);
            }
            BonusesUi::BonusConfirm => {
                let Some(ask) = self.ask.take() else {
                    cx.close_modal();
                    return;
                };
                cx.close_modal();
                if self.busy.contains(&(ask.kind, ask.id)) {
                    return;
                }
                self.busy.push((ask.kind, ask.id));
                let call = match ask.action {
                    Action::Activate => Call::Activate(ask.kind, ask.id),
                    Action::Cancel => Call::Cancel(ask.kind, ask.id),
                };
                let body = ask
                    .force
                    .then(|| crate::json::body(&ForceBody { force: true }));
                cx.call(req(call), body);
            }
            BonusesUi::BonusCodeInput { value } => {
                self.code_input = value;
                self.code_error = None;
            }
            BonusesUi::BonusCodeSubmit => {
                if self.code_sending {
                    return;
                }
                match normalize_code(&self.code_input) {
                    Ok(code) => {
                        self.code_input = code.clone();
                        self.code_error = None;
                        self.code_sending = true;
                        let body = CodeBody {
                            bonus_code: &code,
                            trigger: TRIGGER,
                        };
                        cx.send(req(Call::AddCode), &body);
                    }
                    Err(key) => self.code_error = Some(key),
                }
            }
            BonusesUi::BonusCodeDelete { id } => {
                let body = DeleteCodeBody {
                    player_bonus_code_id: id,
                };
                cx.send(req(Call::DeleteCode(id)), &body);
            }
            BonusesUi::ChooseDepositBonus { id } => {
                let id = id.filter(|id| view::is_offered(self, cx.shared, *id));
                self.choose(id, cx);
                // The offer list may be minutes old: ask the platform whether the package
                // can still be given (SPEC §7 bonuses/status) before the deposit counts on it.
                if let (Some(id), Some(currency)) = (id, cx.shared.active_currency.clone()) {
                    cx.call(req(Call::Status(id, currency)), None);
                }
                // Back to the deposit form, as typed (the wallet keeps its values).
                cx.msg(Msg::OpenModalWith(
                    "wallet".into(),
                    vec![("wallet".into(), "deposit".into())],
                ));
            }
            BonusesUi::RefreshBonuses => self.load_lists(cx),
            BonusesUi::QuestActivate { id } | BonusesUi::QuestCancel { id } => {
                let r = &mut self.retention;
                if !r.quests_on() || r.busy.contains(&id) || !r.quests.iter().any(|q| q.id == id) {
                    return;
                }
                r.busy.push(id);
                let call = match event {
                    BonusesUi::QuestActivate { .. } => Call::QuestActivate(id),
                    _ => Call::QuestCancel(id),
                };
                cx.call(req(call), None);
            }
            BonusesUi::LevelUpSeen => self.retention.level_up = None,
            BonusesUi::BonusHistoryFilter {
                status,
                kind,
                currency,
            } => {
                if !self.history.open {
                    return;
                }
                let filter = history::Filter {
                    status: history::StatusFilter::parse(&status),
                    kind: history::KindFilter::parse(&kind),
                    currency: history::currency(&currency),
                };
                let url = filter.href(&cx.shared.location.path);
                cx.msg(Msg::Navigate {
                    url,
                    replace: false,
                });
            }
        }
    }

    fn tick(&mut self, tick: BonusTick, cx: &mut Cx) {
        match tick {
            BonusTick::Refresh => {
                self.refresh = None;
                if cx.shared.is_player() {
                    self.load_lists(cx);
                }
            }
            BonusTick::Packages => {
                self.packages_timer = None;
                self.ask_packages(cx);
            }
            BonusTick::HideBanner => self.retention.hide_banner(),
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            // Public: whether quests and loyalty exist at all (SPEC §6).
            Hook::Booted(_) => {
                self.retention.read_flags(cx);
                return false;
            }
            Hook::Session(SessionChange::Started { .. }) => {
                cx.call(req(Call::Codes), None);
                if cx.shared.active_currency.is_some() {
                    self.load_all(cx);
                }
                self.history.address(cx);
            }
            Hook::Navigated { .. } => {
                self.retention.close_refused(cx);
                return self.history.address(cx);
            }
            Hook::Push(Push::Quest { task, data }) => {
                return self.retention.pushed(*task, data, cx)
            }
            Hook::Push(Push::Loyalty(data)) => return self.retention.account_pushed(data, cx),
            // SPEC §4 Active account: bonuses, free spins, cashback, deposit bonuses.
            Hook::ActiveAccount => {
                self.choose(None, cx);
                self.items.clear();
                self.cashback = None;
                self.packages.clear();
                self.offered = None;
                self.retention.quests.clear();
                self.load_all(cx);
            }
            Hook::DepositAmount => {
                self.offered = None;
                // A choice the new amount no longer reaches is dropped.
                if let Some(id) = self.chosen {
                    if !view::is_offered(self, cx.shared, id) {
                        self.choose(None, cx);
                    }
                }
                if let Some(t) = self.packages_timer.take() {
                    cx.cancel(t);
                }
                let ms = bonus::BONUS_REFRESH_DEBOUNCE_MS as u32;
                self.packages_timer = Some(cx.timer(ms, Tick::Bonuses(BonusTick::Packages)));
            }
            // SPEC §4 Session: logout resets bonus state.
            Hook::Session(SessionChange::Ended) => {
                for t in [self.refresh, self.packages_timer].into_iter().flatten() {
                    cx.cancel(t);
                }
                let mut retention = std::mem::take(&mut self.retention);
                retention.clear(cx);
                *self = Bonuses {
                    retention,
                    ..Bonuses::default()
                };
            }
            Hook::Refetch => {
                cx.call(req(Call::Codes), None);
                self.load_all(cx);
                if cx.shared.is_player() {
                    self.history.load(cx);
                }
            }
            Hook::Push(Push::Bonus(v)) => return self.pushed(v, Kind::Bonus, cx),
            Hook::Push(Push::Freespin(v)) => return self.pushed(v, Kind::Freespin, cx),
            Hook::Push(Push::BonusCode(v)) => match Code::read(v) {
                Some(code) => self.code_known(code, cx),
                None => {
                    cx.log(
                        LogLevel::Warn,
                        "realtime: bonus code push dropped: malformed",
                    );
                    return false;
                }
            },
            // The chosen deposit bonus went with the deposit.
            Hook::Push(Push::Invoice { event, .. }) if *event == EVENT_INVOICE_DEPOSIT => {
                if self.chosen.is_none() {
                    return false;
                }
                self.choose(None, cx);
            }
            _ => return false,
        }
        true
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::History(kind, filter) => self.history.answered(kind, filter, answer, cx),
            Call::List(kind, currency) => {
                self.loading = self.loading.saturating_sub(1);
                if cx.shared.active_currency.as_deref() != Some(currency.as_str()) {
                    return;
                }
                match read(answer, &|v| wire::list(v, &|i| Item::read(i, kind))) {
                    Ok(list) => {
                        self.loaded = true;
                        self.items.retain(|i| i.kind != kind);
                        for i in list {
                            if bonus::stays_listed(i.status) && i.currency == currency {
                                self.items.push(i);
                            }
                        }
                    }
                    Err(e) => cx.log_err(LogLevel::Warn, "bonuses", &e),
                }
            }
            Call::Activate(kind, id) | Call::Cancel(kind, id) => {
                self.busy.retain(|b| *b != (kind, id));
                match read(answer, &|v| Item::read(v, kind)) {
                    Ok(item) => {
                        self.apply(item, cx);
                        self.debounce(cx);
                    }
                    Err(e) => self.refused(kind, id, &e, cx),
                }
            }
            Call::Codes => match read(answer, &|v| wire::list(v, &Code::read)) {
                Ok(list) => {
                    for c in &list {
                        self.seen_codes.push(c.id);
                    }
                    self.codes = list;
                }
                Err(e) => cx.log_err(LogLevel::Warn, "bonus codes", &e),
            },
            Call::AddCode => {
                self.code_sending = false;
                match read(answer, &Code::read) {
                    Ok(code) => self.code_known(code, cx),
                    Err(e) => {
                        let (_, message) = wire::refusal(&e);
                        cx.log_err(LogLevel::Warn, "bonus code", &e);
                        let mut alert = Alert::error("alerts.somethingWrong");
                        if !message.is_empty() {
                            alert = alert.with_description(message);
                        }
                        cx.alert(alert);
                    }
                }
            }
            Call::DeleteCode(id) => match answer {
                Ok(_) => self.codes.retain(|c| c.id != id),
                Err(e) => cx.log_err(LogLevel::Warn, "bonus code delete", &e),
            },
            Call::Cashback(currency) => {
                if cx.shared.active_currency.as_deref() == Some(currency.as_str()) {
                    match read(answer, &wire::cashback) {
                        Ok(c) => self.cashback = Some(c),
                        Err(e) => cx.log_err(LogLevel::Warn, "cashback", &e),
                    }
                }
            }
            Call::Flags => self.retention.flags_answered(answer, cx),
            Call::Quests(currency) => self.retention.quests_answered(&currency, answer, cx),
            Call::QuestActivate(id) | Call::QuestCancel(id) => {
                self.retention.quest_changed(id, answer, cx)
            }
            Call::Loyalty => self.retention.account_answered(answer, cx),
            Call::Levels => self.retention.levels_answered(answer, cx),
            Call::Status(id, _) => match read(answer, &|v| wire::available(v, id)) {
                // Gone meanwhile: the choice is dropped and the player told, before paying.
                Ok(false) if self.chosen == Some(id) => {
                    self.choose(None, cx);
                    self.packages.retain(|p| p.id != id);
                    if let Some(list) = self.offered.as_mut() {
                        list.retain(|p| p.id != id);
                    }
                    cx.error("alerts.depositBonusUnavailable");
                }
                Ok(_) => {}
                Err(e) => cx.log_err(LogLevel::Warn, "deposit bonus status", &e),
            },
            Call::Packages { currency, amount } => {
                if cx.shared.active_currency.as_deref() != Some(currency.as_str()) {
                    return;
                }
                let list = match read(answer, &|v| wire::list(v, &Package::read)) {
                    Ok(list) => list,
                    Err(e) => return cx.log_err(LogLevel::Warn, "deposit bonuses", &e),
                };
                match amount {
                    None => self.packages = list,
                    // Only the answer for the amount typed now (an older one may come later).
                    Some(_) if amount == cx.shared.deposit_amount => self.offered = Some(list),
                    Some(_) => {}
                }
            }
        }
    }
}

fn read<T>(answer: Answer, f: &dyn Fn(&Json) -> Option<T>) -> Result<T, ResponseError> {
    let json = crate::app::calls::read_json(answer)?;
    f(&json).ok_or_else(|| ResponseError::Malformed("unexpected shape".into()))
}

fn modal(cx: &mut Cx, id: &str, bonus: u64) {
    cx.msg(Msg::OpenModalWith(
        id.into(),
        vec![("bonusId".into(), bonus.to_string())],
    ));
}

/// Spaces out, upper case; refused when empty, too long or not letters, digits, `-`, `_`.
pub fn normalize_code(typed: &str) -> Result<String, &'static str> {
    let mut code = String::new();
    for c in typed.chars() {
        if !c.is_whitespace() {
            code.push(c.to_ascii_uppercase());
        }
    }
    if bonus_code::normalize_input(&code).is_none() {
        return Err("global-components.bonuses.codeRequired");
    }
    if code.len() > 32
        || !code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err("global-components.bonuses.codeInvalid");
    }
    Ok(code)
}

/// The SPEC §4 alert of an item in its status and result, keyed under `alerts.`.
pub fn alert_of(item: &Item) -> Option<Alert> {
    let mut alert = match item.kind {
        Kind::Bonus => bonus::bonus_alert(&PlayerBonus {
            id: item.id,
            status: item.status,
            result: item.result,
            amount: String::new(),
            currency: String::new(),
            package_id: None,
            issue_session_id: None,
            wager_casino_conditions: Some(WagerCasinoConditions {
                game_ids: item.game_ids.clone(),
            }),
        }),
        Kind::Freespin => bonus::freespin_alert(&PlayerFreespin {
            id: item.id,
            status: item.status,
            result: item.result,
            count: item.count,
            currency: String::new(),
            game_id: None,
            package_id: None,
        }),
    }?;
    alert.key.insert_str(0, "alerts.");
    Some(alert)
}

impl Bonuses {
    pub fn find(&self, kind: Kind, id: u64) -> Option<&Item> {
        self.items.iter().find(|i| i.kind == kind && i.id == id)
    }

    fn load_lists(&mut self, cx: &mut Cx) {
        let Some(currency) = cx.shared.active_currency.clone() else {
            return;
        };
        self.loading = 2;
        cx.call(req(Call::List(Kind::Bonus, currency.clone())), None);
        cx.call(req(Call::List(Kind::Freespin, currency)), None);
    }

    fn load_all(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        let Some(currency) = cx.shared.active_currency.clone() else {
            return;
        };
        self.load_lists(cx);
        cx.call(req(Call::Cashback(currency)), None);
        self.ask_packages(cx);
        self.retention.load(cx);
    }

    /// SPEC §7 `GET /api/game/bonuses`, query currency and amount (the deposit form's).
    fn ask_packages(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        let Some(currency) = cx.shared.active_currency.clone() else {
            return;
        };
        let amount = cx.shared.deposit_amount.clone();
        cx.call(req(Call::Packages { currency, amount }), None);
    }

    /// One refresh 500 ms after the last change (SPEC §9).
    fn debounce(&mut self, cx: &mut Cx) {
        if let Some(t) = self.refresh.take() {
            cx.cancel(t);
        }
        let ms = bonus::BONUS_REFRESH_DEBOUNCE_MS as u32;
        self.refresh = Some(cx.timer(ms, Tick::Bonuses(BonusTick::Refresh)));
    }

    /// Puts a changed item in the list (or takes a finished one out); alerts when its
    /// status or result changed.
    fn apply(&mut self, item: Item, cx: &mut Cx) -> bool {
        let at = self
            .items
            .iter()
            .position(|i| i.kind == item.kind && i.id == item.id);
        let changed = at
            .and_then(|p| self.items.get(p))
            .is_none_or(|old| (old.status, old.result) != (item.status, item.result));
        if at.is_none() && !bonus::stays_listed(item.status) {
            cx.log(
                LogLevel::Info,
                &format!(
                    "bonuses: update for unknown finished item {} ignored",
                    item.id
                ),
            );
            return false;
        }
        if changed {
            if let Some(alert) = alert_of(&item) {
                cx.alert(alert);
            }
        }
        match at {
            Some(p) if bonus::stays_listed(item.status) => {
                if let Some(slot) = self.items.get_mut(p) {
                    *slot = item;
                }
            }
            Some(p) => {
                self.items.remove(p);
            }
            None => self.items.insert(0, item),
        }
        true
    }

    fn pushed(&mut self, v: &Json, kind: Kind, cx: &mut Cx) -> bool {
        if !cx.shared.is_player() {
            return false;
        }
        let Some(item) = Item::read(v, kind) else {
            cx.log(LogLevel::Warn, "realtime: bonus push dropped: malformed");
            return false;
        };
        // The history tab shows every currency the filter asks for.
        let in_history = self.history.pushed(&item);
        if cx.shared.active_currency.as_deref() != Some(item.currency.as_str()) {
            cx.log(LogLevel::Info, "bonuses: push for another currency ignored");
            return in_history;
        }
        let changed = self.apply(item, cx);
        if changed {
            self.debounce(cx);
        }
        changed || in_history
    }

    /// A cancel or activate the server refused: the item stays as it was.
    fn refused(&mut self, kind: Kind, id: u64, e: &ResponseError, cx: &mut Cx) {
        let (code, message) = wire::refusal(e);
        match code {
            "bonus_cancel_locked" => modal(cx, "bonus-cancel-lock", id),
            "unsettled_bets" => {
                self.ask = Some(Ask {
                    kind,
                    id,
                    action: Action::Cancel,
                    force: true,
                });
                modal(cx, "confirm-bonus-unsettled", id);
            }
            _ => {
                cx.log(LogLevel::Warn, &format!("bonus {id}: {e}"));
                let mut alert = Alert::error("alerts.somethingWrong");
                if !message.is_empty() {
                    alert = alert.with_description(message);
                }
                cx.alert(alert);
                self.debounce(cx);
            }
        }
    }

    /// A code answered or pushed: alerts once per code id (SPEC §8 for 3 and 4).
    fn code_known(&mut self, code: Code, cx: &mut Cx) {
        if self.seen_codes.contains(&code.id) {
            return;
        }
        self.seen_codes.push(code.id);
        match bonus_code::status_alert(code.status) {
            Some(mut alert) => {
                alert.key.insert_str(0, "alerts.");
                cx.alert(alert);
            }
            None => {
                cx.success("alerts.bonusCodeApplied");
                self.code_input.clear();
                self.codes.insert(0, code);
            }
        }
    }

    fn choose(&mut self, id: Option<u64>, cx: &mut Cx) {
        self.chosen = id;
        if cx.shared.deposit_bonus != id {
            cx.msg(Msg::DepositBonus(id));
        }
    }
}
