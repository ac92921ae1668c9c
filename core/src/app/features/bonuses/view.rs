//! The `bonuses` slice: cards of the issued and active bonuses and free spins, codes,
//! cashback, the deposit bonuses offered for the typed amount, and what confirm-bonus asks.

use serde::Serialize;

use super::wire::{Item, Kind, Package};
use super::{Action, Bonuses};
use crate::app::display::{amount, MoneyView};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::bonus::{GameScope, STATUS_ACTIVE};
use crate::domain::locale::DateFormat;
use crate::domain::money::Decimal;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WagerView {
    pub required: MoneyView,
    pub wagered: MoneyView,
    /// 0-100, whole.
    pub percent: u8,
}

/// A game a bonus or a quest task applies to, named from the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GameRef {
    pub name: String,
    pub href: String,
}

/// The games of `ids` the catalogue knows (none before it has arrived: the view then says
/// how many games, not which).
fn named_games(shared: &Shared, ids: &[u64], prefix: &str) -> Vec<GameRef> {
    let mut out = Vec::new();
    if let Some(cat) = shared.catalogue() {
        for id in ids {
            if let Some(g) = cat.by_id(*id) {
                out.push(GameRef {
                    name: g.name.clone(),
                    href: format!("{prefix}/game/{}", g.identity),
                });
            }
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BonusCardView {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"bonus\" | \"freespin\""))]
    pub kind: &'static str,
    pub id: u64,
    pub name: String,
    pub active: bool,
    /// Bonuses: the bonus money.
    pub amount: Option<MoneyView>,
    /// Free spins: spins in the package and spins used.
    pub count: u64,
    pub used: u64,
    pub wager: Option<WagerView>,
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "\"allGames\" | \"oneGame\" | \"severalGames\"")
    )]
    pub games: &'static str,
    pub game_ids: Vec<u64>,
    /// The games of `game_ids` by name, once the catalogue is in.
    pub named_games: Vec<GameRef>,
    pub max_bet: Option<MoneyView>,
    /// Unix seconds; 0 when unknown.
    pub expires_at: i64,
    /// The expiry day as the player reads it (SPEC §9 date `DD.MM.YY`, the device's zone);
    /// empty when unknown.
    pub expires_text: String,
    pub cancel_locked: bool,
    pub busy: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CodeView {
    pub id: u64,
    pub code: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DepositBonusView {
    pub id: u64,
    pub name: String,
    pub percent: String,
    pub min: MoneyView,
    pub max: MoneyView,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AskView {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"bonus\" | \"freespin\""))]
    pub kind: &'static str,
    pub id: u64,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"activate\" | \"cancel\""))]
    pub action: &'static str,
    /// Asked again because bets are unsettled (confirm-bonus-unsettled).
    pub unsettled: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BonusesView {
    /// The active account's currency the lists are for.
    pub currency: String,
    pub loading: bool,
    pub loaded: bool,
    pub items: Vec<BonusCardView>,
    pub codes: Vec<CodeView>,
    pub code: String,
    /// Text under the code field.
    pub code_error: Option<String>,
    pub code_sending: bool,
    pub cashback: Option<MoneyView>,
    pub cashback_percent: String,
    /// Deposit bonuses the typed amount reaches in the active currency.
    pub deposit: Vec<DepositBonusView>,
    /// All deposit bonuses of the currency, for the wallet's hint.
    pub deposit_all: Vec<DepositBonusView>,
    pub chosen: Option<u64>,
    pub ask: Option<AskView>,
    /// `None` while quests are off (or the flag is not known yet).
    pub quests: Option<Vec<QuestView>>,
    /// `None` while loyalty is off, or before the account loads.
    pub loyalty: Option<LoyaltyView>,
    pub level_up: Option<LevelUpView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    pub id: u64,
    pub kind: String,
    pub progress: u64,
    pub quantity: u64,
    pub percent: u8,
    pub completed: bool,
    pub game_ids: Vec<u64>,
    pub named_games: Vec<GameRef>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QuestView {
    pub id: u64,
    pub name: String,
    /// State 2 (taken); state 1 is offered.
    pub active: bool,
    pub reward: String,
    pub tasks: Vec<TaskView>,
    pub busy: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    pub name: String,
    pub points: u64,
    pub current: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyView {
    pub points: u64,
    pub level: String,
    pub next: Option<String>,
    pub next_points: u64,
    /// Progress to the next level, 2 decimals (SPEC §9), e.g. `"45.50"`.
    pub progress: String,
    pub levels: Vec<LevelView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LevelUpView {
    pub level: String,
    /// On a game page: a 3 s banner instead of the modal.
    pub banner: bool,
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Bonus => "bonus",
        Kind::Freespin => "freespin",
    }
}

/// `wagered / required`, whole percent, 0-100.
pub fn wager_percent(wagered: &str, required: &str) -> u8 {
    let (Ok(w), Ok(r)) = (Decimal::parse(wagered), Decimal::parse(required)) else {
        return 0;
    };
    if r.is_zero() || r.is_negative() {
        return 100;
    }
    w.checked_mul(&Decimal::from_int(100))
        .and_then(|p| p.checked_div(&r, 0))
        .map_or(0, |p| p.mantissa().clamp(0, 100) as u8)
}

fn card(shared: &Shared, b: &Bonuses, i: &Item, prefix: &str) -> BonusCardView {
    let money = |v: &str| amount(shared, v, &i.currency);
    let bonus = i.kind == Kind::Bonus;
    BonusCardView {
        kind: kind_name(i.kind),
        id: i.id,
        name: i.name.clone(),
        active: i.status == STATUS_ACTIVE,
        amount: bonus.then(|| money(&i.amount)),
        count: i.count,
        used: i.used,
        wager: (bonus && !i.wager_required.is_empty()).then(|| WagerView {
            required: money(&i.wager_required),
            wagered: money(&i.wagered),
            percent: wager_percent(&i.wagered, &i.wager_required),
        }),
        games: match GameScope::from_game_ids(&i.game_ids) {
            GameScope::AllGames => "allGames",
            GameScope::OneGame => "oneGame",
            GameScope::SeveralGames => "severalGames",
        },
        game_ids: i.game_ids.clone(),
        named_games: named_games(shared, &i.game_ids, prefix),
        max_bet: (!i.max_bet.is_empty()).then(|| money(&i.max_bet)),
        expires_at: i.expires_at,
        expires_text: if i.expires_at > 0 {
            shared.zone().format(i.expires_at, DateFormat::Date)
        } else {
            String::new()
        },
        cancel_locked: i.cancel_locked,
        busy: b.busy.contains(&(i.kind, i.id)),
    }
}

/// The trigger amount of a package in `currency`.
fn trigger_of<'a>(p: &'a Package, currency: &str) -> Option<&'a str> {
    p.from
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(currency))
        .map(|(_, a)| a.as_str())
}

/// Whether the typed amount reaches a deposit bonus's trigger in the active currency (SPEC §3
/// trigger conditions); never while the amount is not a number.
pub fn reaches(shared: &Shared, p: &Package) -> bool {
    let Some(currency) = shared.active_currency() else {
        return false;
    };
    let Some(typed) = shared.deposit_amount().and_then(|a| Decimal::parse(a).ok()) else {
        return false;
    };
    trigger_of(p, currency)
        .and_then(|a| Decimal::parse(a).ok())
        .and_then(|from| typed.checked_sub(&from))
        .is_some_and(|d| !d.is_negative())
}

/// Whether package `id` is offered for the typed amount.
pub fn is_offered(b: &Bonuses, shared: &Shared, id: u64) -> bool {
    offered_source(b)
        .iter()
        .any(|p| p.id == id && reaches(shared, p))
}

/// The platform's answer for the typed amount once it came, else the currency's packages;
/// the typed amount is held against either (SPEC §3 trigger conditions).
fn offered_source(b: &Bonuses) -> &[Package] {
    b.offered.as_deref().unwrap_or(&b.packages)
}

fn package_view(shared: &Shared, p: &Package) -> DepositBonusView {
    let currency = shared.active_currency().unwrap_or_default();
    let money = |v: &str| amount(shared, v, currency);
    DepositBonusView {
        id: p.id,
        name: p.name.clone(),
        percent: p.percent.clone(),
        min: money(trigger_of(p, currency).unwrap_or("0")),
        max: money(&p.max_amount),
    }
}

pub fn slice(b: &Bonuses, shared: &Shared, config: &Config) -> BonusesView {
    let currency = shared.active_currency().unwrap_or_default();
    let prefix = shared.link_prefix(config);
    let items = b
        .items
        .iter()
        .map(|i| card(shared, b, i, &prefix))
        .collect();
    let codes = b
        .codes
        .iter()
        .map(|c| CodeView {
            id: c.id,
            code: c.code.clone(),
        })
        .collect();
    let deposit = offered_source(b)
        .iter()
        .filter(|p| reaches(shared, p))
        .map(|p| package_view(shared, p))
        .collect();
    let deposit_all = b.packages.iter().map(|p| package_view(shared, p)).collect();
    let r = &b.retention;
    let mut loyalty = None;
    if let (true, Some(a)) = (r.loyalty_on(), r.account.as_ref()) {
        let levels = r
            .levels
            .iter()
            .map(|(name, points, order)| LevelView {
                name: name.clone(),
                points: *points,
                current: *order == a.current_level.order,
            })
            .collect();
        loyalty = Some(LoyaltyView {
            points: a.points,
            level: a.current_level.name.clone(),
            next: a.next_level.as_ref().map(|n| n.name.clone()),
            next_points: a.next_level.as_ref().map_or(0, |n| n.points),
            progress: a.progress_percent(),
            levels,
        });
    }
    let (cashback, cashback_percent) = match &b.cashback {
        Some((a, p)) => (Some(amount(shared, a, currency)), p.clone()),
        None => (None, String::new()),
    };
    BonusesView {
        currency: currency.to_string(),
        loading: b.loading > 0,
        loaded: b.loaded,
        items,
        codes,
        code: b.code_input.clone(),
        code_error: b.code_error.map(|k| shared.text(k)),
        code_sending: b.code_sending,
        cashback,
        cashback_percent,
        deposit,
        deposit_all,
        chosen: b.chosen,
        ask: b.ask.map(|a| AskView {
            kind: kind_name(a.kind),
            id: a.id,
            action: match a.action {
                Action::Activate => "activate",
                Action::Cancel => "cancel",
            },
            unsettled: a.force,
        }),
        quests: r.quests_on().then(|| quests(b, shared, &prefix)),
        loyalty,
        level_up: match &r.level_up {
            Some((level, banner)) if r.loyalty_on() => Some(LevelUpView {
                level: level.clone(),
                banner: *banner,
            }),
            _ => None,
        },
    }
}

fn quests(b: &Bonuses, shared: &Shared, prefix: &str) -> Vec<QuestView> {
    let r = &b.retention;
    let mut out = Vec::with_capacity(r.quests.len());
    for q in &r.quests {
        let mut tasks = Vec::with_capacity(q.tasks.len());
        for t in &q.tasks {
            let ids = r
                .task_games
                .iter()
                .find(|g| g.0 == t.id)
                .map_or(&[][..], |g| g.1.as_slice());
            tasks.push(TaskView {
                id: t.id,
                kind: t.kind.clone().unwrap_or_default(),
                progress: t.progress.min(t.quantity),
                quantity: t.quantity,
                percent: crate::domain::quest::task_percent(t),
                completed: t.is_completed || t.progress >= t.quantity,
                game_ids: ids.to_vec(),
                named_games: named_games(shared, ids, prefix),
            });
        }
        out.push(QuestView {
            id: q.id,
            name: q.name.clone(),
            active: q.state == 2,
            reward: r
                .rewards
                .iter()
                .find(|x| x.0 == q.id)
                .map(|x| x.1.clone())
                .unwrap_or_default(),
            tasks,
            busy: r.busy.contains(&q.id),
        });
    }
    out
}

/// One filter choice: its value, its address and whether it is the one in force.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FilterOption {
    /// As in the address (`all` / empty for the default).
    pub value: String,
    /// Text from content.
    pub label: String,
    pub href: String,
    pub on: bool,
}

/// A row of the history tab: a bonus or a free-spin package, finished ones too.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BonusHistoryRow {
    /// Unique over both kinds (`bonus-12`, `freespin-12`).
    pub key: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"bonus\" | \"freespin\""))]
    pub kind: &'static str,
    /// "Bonus" / "Free spins", from content.
    pub kind_text: String,
    pub name: String,
    /// Bonuses: the bonus money; free spins: the spins and the currency ("20 free spins, USD").
    pub amount_text: String,
    /// SPEC §4 status, from content ("Issued", "Active", "Finished").
    pub status_text: String,
    /// Finished: how (SPEC §4 results 2-5: "Played", "Canceled", "Expired"); empty otherwise.
    pub result_text: String,
    pub finished: bool,
    /// Issued at, SPEC §9 `DD.MM.YY, HH:mm` in the device's zone; empty when unknown.
    pub created_text: String,
    /// Until, SPEC §9 `DD.MM.YY`; empty when unknown.
    pub expires_text: String,
}

/// The bonuses tab of the wallet history page: filters (each a link, the mobile sheet applies
/// them through `bonusHistoryFilter`) and rows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BonusHistoryView {
    pub open: bool,
    pub loading: bool,
    pub failed: bool,
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "\"all\" | \"active\" | \"finished\"")
    )]
    pub status: &'static str,
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "\"all\" | \"bonus\" | \"freespin\"")
    )]
    pub kind: &'static str,
    /// Empty: every currency.
    pub currency: String,
    pub statuses: Vec<FilterOption>,
    pub kinds: Vec<FilterOption>,
    /// Every currency first (value empty), then the platform's currencies.
    pub currencies: Vec<FilterOption>,
    pub rows: Vec<BonusHistoryRow>,
}

pub fn history(b: &Bonuses, shared: &Shared, _config: &Config) -> BonusHistoryView {
    use super::history::{Filter, KindFilter, StatusFilter};
    let h = &b.history;
    let path = shared.path();
    let text = |key: &str| shared.text(&format!("global-components.bonuses.history.{key}"));
    let option = |value: &str, label: String, f: Filter| FilterOption {
        value: value.to_string(),
        label,
        on: f == h.filter,
        href: f.href(path),
    };
    let statuses = [
        StatusFilter::All,
        StatusFilter::Active,
        StatusFilter::Finished,
    ]
    .into_iter()
    .map(|s| {
        let f = Filter {
            status: s,
            ..h.filter.clone()
        };
        option(s.name(), text(&format!("status.{}", s.name())), f)
    })
    .collect();
    let kinds = [KindFilter::All, KindFilter::Bonus, KindFilter::Freespin]
        .into_iter()
        .map(|k| {
            let f = Filter {
                kind: k,
                ..h.filter.clone()
            };
            option(k.name(), text(&format!("kind.{}", k.name())), f)
        })
        .collect();
    let mut currencies = vec![option(
        "",
        text("currency.all"),
        Filter {
            currency: None,
            ..h.filter.clone()
        },
    )];
    let mut codes: Vec<String> = shared
        .currencies()
        .iter()
        .map(|c| c.code.to_ascii_uppercase())
        .collect();
    // A currency in the address the settings do not list still shows as chosen.
    if let Some(c) = &h.filter.currency {
        if !codes.contains(c) {
            codes.push(c.clone());
        }
    }
    for code in codes {
        let f = Filter {
            currency: Some(code.clone()),
            ..h.filter.clone()
        };
        currencies.push(option(&code, code.clone(), f));
    }
    let rows = h
        .rows
        .iter()
        .map(|i| {
            let finished = i.status == crate::domain::bonus::STATUS_FINISHED;
            let amount_text = match i.kind {
                Kind::Bonus => {
                    let m = amount(shared, &i.amount, &i.currency);
                    format!("{} {}", m.amount, m.code)
                }
                Kind::Freespin => format!("{} {}, {}", i.count, text("spins"), i.currency),
            };
            let result_text = if finished {
                match i.result {
                    2..=5 => text(&format!("result.{}", i.result)),
                    _ => String::new(),
                }
            } else {
                String::new()
            };
            BonusHistoryRow {
                key: format!("{}-{}", kind_name(i.kind), i.id),
                kind: kind_name(i.kind),
                kind_text: text(&format!("kind.{}", kind_name(i.kind))),
                name: i.name.clone(),
                amount_text,
                status_text: match i.status {
                    1..=3 => text(&format!("state.{}", i.status)),
                    _ => String::new(),
                },
                result_text,
                finished,
                created_text: if i.created_at > 0 {
                    shared.zone().format(i.created_at, DateFormat::DateTime)
                } else {
                    String::new()
                },
                expires_text: if i.expires_at > 0 {
                    shared.zone().format(i.expires_at, DateFormat::Date)
                } else {
                    String::new()
                },
            }
        })
        .collect();
    BonusHistoryView {
        open: h.open,
        loading: h.open && !h.loaded,
        failed: h.failed,
        status: h.filter.status.name(),
        kind: h.filter.kind.name(),
        currency: h.filter.currency.clone().unwrap_or_default(),
        statuses,
        kinds,
        currencies,
        rows,
    }
}
