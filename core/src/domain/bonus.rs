//! Bonuses and free spins (SPEC §4 "Bonus and free spin"): statuses, results, the
//! `status-result` alerts, the player lists and the refresh debouncer.
//!
//! # Decisions
//!
//! - Alert keys: `bonus-{status}-{result}-{scope}` for bonuses, where scope is `all-games`
//!   (no game ids in `wagerCasinoConditions.gameIds`), `one-game` or `several-games`; and
//!   `freespin-{status}-{result}` for free spins. The alert also carries `name`
//!   (issued/activated/played/canceled/expired) as a param.
//! - A realtime update raises its alert only when the item's `(status, result)` differs from
//!   the listed one (or it was not listed), so a repeated push does not toast twice.
//! - Result 5 exists for bonuses only; a free spin with 3-5 gets no alert.
//! - New items go to the front of the list; updated ones keep their place.

use crate::domain::alert::{Alert, AlertKind};
use serde::{Deserialize, Serialize};

/// Status 1: issued.
pub const STATUS_ISSUED: u8 = 1;
/// Status 2: active.
pub const STATUS_ACTIVE: u8 = 2;
/// Status 3: finished.
pub const STATUS_FINISHED: u8 = 3;
/// Result 1: unspecified.
pub const RESULT_UNSPECIFIED: u8 = 1;
/// Result 2: played.
pub const RESULT_PLAYED: u8 = 2;
/// Result 3: canceled.
pub const RESULT_CANCELED: u8 = 3;
/// Result 4: expired.
pub const RESULT_EXPIRED: u8 = 4;
/// Result 5: expired (bonuses only).
pub const RESULT_EXPIRED_BONUS: u8 = 5;
/// List refresh debounce.
pub const BONUS_REFRESH_DEBOUNCE_MS: u64 = 500;

/// The alert name of a `status-result` pair (SPEC §4 table).
pub fn status_result_name(status: u8, result: u8) -> Option<&'static str> {
    Some(match (status, result) {
        (1, 1) => "issued",
        (2, 1) => "activated",
        (3, 2) => "played",
        (3, 3) => "canceled",
        (3, 4) | (3, 5) => "expired",
        _ => return None,
    })
}

/// Kept in the player lists: statuses 1 and 2.
pub fn stays_listed(status: u8) -> bool {
    status == STATUS_ISSUED || status == STATUS_ACTIVE
}

/// Which games a bonus applies to (suffix of its alert).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum GameScope {
    AllGames,
    OneGame,
    SeveralGames,
}

impl GameScope {
    pub fn from_game_ids(ids: &[u64]) -> GameScope {
        match ids.len() {
            0 => GameScope::AllGames,
            1 => GameScope::OneGame,
            _ => GameScope::SeveralGames,
        }
    }

    pub fn suffix(self) -> &'static str {
        match self {
            GameScope::AllGames => "all-games",
            GameScope::OneGame => "one-game",
            GameScope::SeveralGames => "several-games",
        }
    }
}

/// `wagerCasinoConditions`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WagerCasinoConditions {
    #[serde(default)]
    pub game_ids: Vec<u64>,
}

/// A player bonus (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerBonus {
    pub id: u64,
    pub status: u8,
    #[serde(default = "default_result")]
    pub result: u8,
    /// Decimal string.
    #[serde(default)]
    pub amount: String,
    #[serde(default)]
    pub currency: String,
    #[serde(default)]
    pub package_id: Option<u64>,
    #[serde(default)]
    pub issue_session_id: Option<String>,
    #[serde(default)]
    pub wager_casino_conditions: Option<WagerCasinoConditions>,
}

fn default_result() -> u8 {
    RESULT_UNSPECIFIED
}

impl PlayerBonus {
    pub fn scope(&self) -> GameScope {
        GameScope::from_game_ids(
            self.wager_casino_conditions
                .as_ref()
                .map_or(&[], |w| &w.game_ids),
        )
    }
}

/// A player free spin (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerFreespin {
    pub id: u64,
    pub status: u8,
    #[serde(default = "default_result")]
    pub result: u8,
    #[serde(default)]
    pub count: u64,
    #[serde(default)]
    pub currency: String,
    #[serde(default)]
    pub game_id: Option<u64>,
    #[serde(default)]
    pub package_id: Option<u64>,
}

fn kind_of(status: u8, result: u8) -> AlertKind {
    match (status, result) {
        (1, _) | (2, _) | (3, 2) => AlertKind::Success,
        _ => AlertKind::Warning,
    }
}

/// The alert for a bonus in this status/result.
pub fn bonus_alert(b: &PlayerBonus) -> Option<Alert> {
    let name = status_result_name(b.status, b.result)?;
    let key = format!("bonus-{}-{}-{}", b.status, b.result, b.scope().suffix());
    Some(Alert::new(&key, kind_of(b.status, b.result)).with_param("name", name))
}

/// The alert for a free spin in this status/result (no 3-5 for free spins).
pub fn freespin_alert(f: &PlayerFreespin) -> Option<Alert> {
    if f.result == RESULT_EXPIRED_BONUS {
        return None;
    }
    let name = status_result_name(f.status, f.result)?;
    let key = format!("freespin-{}-{}", f.status, f.result);
    Some(Alert::new(&key, kind_of(f.status, f.result)).with_param("name", name))
}

/// Something kept in a player list.
pub trait Listed {
    fn id(&self) -> u64;
    fn status(&self) -> u8;
    fn result(&self) -> u8;
}

impl Listed for PlayerBonus {
    fn id(&self) -> u64 {
        self.id
    }
    fn status(&self) -> u8 {
        self.status
    }
    fn result(&self) -> u8 {
        self.result
    }
}

impl Listed for PlayerFreespin {
    fn id(&self) -> u64 {
        self.id
    }
    fn status(&self) -> u8 {
        self.status
    }
    fn result(&self) -> u8 {
        self.result
    }
}

/// Keeps only statuses 1 and 2 (a freshly loaded list).
pub fn keep_listed<T: Listed>(list: Vec<T>) -> Vec<T> {
    list.into_iter()
        .filter(|x| stays_listed(x.status()))
        .collect()
}

/// Applies an update to a list; returns whether `(status, result)` changed (or it is new).
fn apply<T: Listed>(list: &mut Vec<T>, item: T) -> bool {
    let pos = list.iter().position(|x| x.id() == item.id());
    let changed = match pos.and_then(|p| list.get(p)) {
        Some(old) => (old.status(), old.result()) != (item.status(), item.result()),
        None => true,
    };
    let keep = stays_listed(item.status());
    match (pos, keep) {
        (Some(p), true) => {
            if let Some(slot) = list.get_mut(p) {
                *slot = item;
            }
        }
        (Some(p), false) => {
            list.remove(p);
        }
        (None, true) => list.insert(0, item),
        (None, false) => {}
    }
    changed
}

/// A bonus pushed over the realtime channel: updates the list, returns the alert to show.
pub fn apply_bonus_update(list: &mut Vec<PlayerBonus>, update: PlayerBonus) -> Option<Alert> {
    let alert = bonus_alert(&update);
    apply(list, update).then_some(alert).flatten()
}

/// A free spin pushed over the realtime channel: updates the list, returns the alert to show.
pub fn apply_freespin_update(
    list: &mut Vec<PlayerFreespin>,
    update: PlayerFreespin,
) -> Option<Alert> {
    let alert = freespin_alert(&update);
    apply(list, update).then_some(alert).flatten()
}

/// Trailing-edge debouncer: every trigger pushes the deadline to `now + delay`; [`Debouncer::poll`]
/// fires once the deadline has passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Debouncer {
    pub delay_ms: u64,
    pub due_at_ms: Option<u64>,
}

impl Debouncer {
    pub fn new(delay_ms: u64) -> Debouncer {
        Debouncer {
            delay_ms,
            due_at_ms: None,
        }
    }

    /// The bonus-list refresh debouncer (500 ms).
    pub fn bonus_refresh() -> Debouncer {
        Debouncer::new(BONUS_REFRESH_DEBOUNCE_MS)
    }

    /// Requests a run; returns the new deadline (arm a timer for it).
    pub fn trigger(&mut self, now_ms: u64) -> u64 {
        let due = now_ms.saturating_add(self.delay_ms);
        self.due_at_ms = Some(due);
        due
    }

    /// True (once) when the deadline has been reached.
    pub fn poll(&mut self, now_ms: u64) -> bool {
        match self.due_at_ms {
            Some(due) if now_ms >= due => {
                self.due_at_ms = None;
                true
            }
            _ => false,
        }
    }

    pub fn cancel(&mut self) {
        self.due_at_ms = None;
    }
}

/// What an active-account switch reloads (SPEC §4 "Active account").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Reload {
    Bonuses,
    Freespins,
    Cashback,
    DepositBonuses,
    Quests,
}

/// Reloads after switching the active account; quests only when enabled.
pub fn account_switch_reloads(quests_enabled: bool) -> Vec<Reload> {
    let mut v = vec![
        Reload::Bonuses,
        Reload::Freespins,
        Reload::Cashback,
        Reload::DepositBonuses,
    ];
    if quests_enabled {
        v.push(Reload::Quests);
    }
    v
}
