//! Reality check and session insight (issue 30): the play session shared by the device's tabs
//! (`session.rs`), the player's reality-check interval, and the rule that the check is due
//! once the interval has passed since the session started (or the last check was answered)
//! while a game page or the sportsbook is open. The player's session length: once the
//! session has lasted it, a game launch (through `Signal::LaunchWanted`) and entering the
//! sportsbook ask first. The daily reminder: shown once per local day when the device's
//! clock passes the chosen time while the player is signed in. Time comes from the core's
//! clock (`cx.now`) and its timers, never from the wall clock here.

pub mod choices;
pub mod session;
pub mod view;

use litemap::LiteMap;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{Effect, LogLevel, TimerId};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::registry::{Req, Tick};
use crate::app::stored::Stored;
use crate::domain::realtime::push::Push;
use crate::domain::route::RouteName;
use crate::json::Json;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use session::{Row, Session};

/// localStorage: the player's play session, one per device (shared by tabs).
pub const SESSION_KEY: &str = "croupier.playSession";
/// localStorage: each player's reality-check interval on this device.
pub const INTERVALS_KEY: &str = "croupier.realityCheck";
/// localStorage: each player's session length on this device (minutes, `choices::LENGTHS`).
pub const LENGTHS_KEY: &str = "croupier.sessionLength";
/// localStorage: each player's daily reminder time (minutes after local midnight).
pub const REMINDERS_KEY: &str = "croupier.dailyReminder";
/// localStorage: the local day each player's reminder last showed (days since 1970).
pub const SEEN_KEY: &str = "croupier.reminderSeen";

/// What the feature keeps on the device, by the keys above: all in localStorage.
pub const PLAY_SESSION: Stored = Stored::local(SESSION_KEY);
pub const INTERVALS: Stored = Stored::local(INTERVALS_KEY);
pub const LENGTHS: Stored = Stored::local(LENGTHS_KEY);
pub const REMINDERS: Stored = Stored::local(REMINDERS_KEY);
pub const SEEN: Stored = Stored::local(SEEN_KEY);

/// While a game or the sportsbook is open the bar's clock moves a minute at a time.
const BAR_STEP_MS: u64 = 60_000;

/// When the bar's minute next changes: the session's next whole minute, not a minute after
/// `now` (a check woken by anything else would hold the shown minute up to a minute late).
fn next_minute(started: u64, now: u64) -> u64 {
    let passed = now.saturating_sub(started) / BAR_STEP_MS;
    // Saturating: `started` comes from storage, which another tab (or anyone) may have written.
    started.saturating_add(passed.saturating_add(1).saturating_mul(BAR_STEP_MS))
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Protection {
    player: Option<i64>,
    pub session: Option<Session>,
    /// What storage held at boot, until the player is known.
    stored: Option<String>,
    intervals: LiteMap<i64, u32>,
    /// The reality check is showing.
    pub due: bool,
    /// The core's time at the last update (the bar shows the session's length up to it).
    pub now: u64,
    timer: Option<(TimerId, u64)>,
    /// The socket subscribed before on this page: a later subscription is a reconnect.
    connected: bool,
    lengths: LiteMap<i64, u32>,
    reminders: LiteMap<i64, u32>,
    seen: LiteMap<i64, u32>,
    /// The device's offset from UTC (minutes) for the reminder's local time.
    offset_minutes: i32,
    /// The session length passed: a launch or the sportsbook waits for the player's answer.
    pub asking: bool,
    /// The daily reminder is showing.
    pub reminding: bool,
    /// The core's time at the previous look while signed in: the reminder shows when its
    /// time falls after it.
    last_look: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ProtectionUi {
    /// The player chose an interval on the limits page (0 = off; 15, 30, 60 minutes).
    RealityCheckInterval { minutes: u32 },
    /// The reality check was answered (any of its actions): the next is an interval later.
    RealityCheckDone,
    /// The player chose a session length (0 = off; 30, 60, 120, 240 minutes).
    SessionLength { minutes: u32 },
    /// The player chose a daily reminder time, `"HH:MM"` local (empty = off).
    DailyReminder { time: String },
    /// "Continue" on the session-length ask: the launch goes on; asked again a length later.
    SessionContinue,
    /// "Stop playing": the launch does not happen; back to the lobby.
    SessionStop,
    /// The daily reminder was answered.
    ReminderDone,
}

/// Rows asked for after a (re)connect: fewer than the session keeps ([`session::ROWS_KEPT`]), so
/// a row already counted is known and counted once.
pub const REFETCH_ROWS: u32 = 50;

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// The newest rows of the bets history: what the pushes told while the socket was away.
    Bets,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Bets => Route::paged("/api/game/bets", Auth::Player, 1, REFETCH_ROWS),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ProtectionTick {
    /// Time to look again (the check may be due; the bar's minute moved).
    Check,
    /// Another tab wrote the play session (the storage event); `None` = removed.
    Stored(Option<String>),
    /// Another tab wrote the reminder's shown days (the storage event).
    Seen(Option<String>),
}

impl Feature for Protection {
    type Ui = ProtectionUi;
    type Call = Call;
    type Tick = ProtectionTick;
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "dailyReminder",
        "realityCheckDone",
        "realityCheckInterval",
        "reminderDone",
        "sessionContinue",
        "sessionLength",
        "sessionStop",
    ];
    const STORED: &'static [Stored] = &[PLAY_SESSION, INTERVALS, LENGTHS, REMINDERS, SEEN];

    /// The play session (one for every tab of the device) and the reminder's days (a reminder
    /// shown in one tab is not repeated in another).
    fn stored_elsewhere(key: &str, value: Option<&str>) -> Option<ProtectionTick> {
        let value = value.map(str::to_string);
        match key {
            SESSION_KEY => Some(ProtectionTick::Stored(value)),
            SEEN_KEY => Some(ProtectionTick::Seen(value)),
            _ => None,
        }
    }

    fn ui(&mut self, event: ProtectionUi, cx: &mut Cx) {
        let Some(player) = self.player else {
            return;
        };
        match event {
            ProtectionUi::RealityCheckInterval { minutes } => {
                if !session::INTERVALS.contains(&minutes) {
                    return;
                }
                self.intervals.insert(player, minutes);
                keep(cx, INTERVALS_KEY, &self.intervals);
            }
            ProtectionUi::RealityCheckDone => {
                self.due = false;
                if let Some(s) = &mut self.session {
                    s.last_check = cx.now;
                }
                self.store(cx);
            }
            ProtectionUi::SessionLength { minutes } => {
                if !choices::LENGTHS.contains(&minutes) {
                    return;
                }
                self.lengths.insert(player, minutes);
                keep(cx, LENGTHS_KEY, &self.lengths);
            }
            ProtectionUi::DailyReminder { time } => {
                let minute = choices::parse_time(&time);
                if minute.is_none() && !time.trim().is_empty() {
                    return;
                }
                match minute {
                    Some(m) => self.reminders.insert(player, m),
                    None => self.reminders.remove(&player),
                };
                // Only a time passed from now on reminds: not one set just after it.
                self.last_look = Some(cx.now);
                keep(cx, REMINDERS_KEY, &self.reminders);
            }
            ProtectionUi::SessionContinue => {
                self.asking = false;
                if let Some(s) = &mut self.session {
                    s.asked = cx.now;
                }
                self.store(cx);
                cx.msg(Msg::Signal(Signal::LaunchAllowed));
            }
            ProtectionUi::SessionStop => {
                self.asking = false;
                cx.msg(Msg::GoHome { modal: None });
            }
            ProtectionUi::ReminderDone => self.reminding = false,
        }
        self.check(cx);
    }

    fn answered(&mut self, _call: Call, answer: Answer, cx: &mut Cx) {
        let list = match answer
            .and_then(|t| crate::json::from_str::<Bets>(&t).map_err(ResponseError::Malformed))
        {
            Ok(page) => page.data,
            Err(e) => {
                cx.log_err(LogLevel::Warn, "protection: bets", &e);
                Vec::new()
            }
        };
        let Some(s) = self.session.as_mut() else {
            return;
        };
        // Oldest first, as they were played; only this session's (createdAt in seconds). A
        // missed row is play heard now: the server's clock does not move the idle end.
        let mut changed = false;
        for v in list.iter().rev() {
            match wager(v) {
                Ok((at, r)) if at >= s.started => changed |= s.play(r, cx.now),
                Ok(_) => {}
                Err(e) => cx.log_err(LogLevel::Warn, "protection: bet row left out", &e),
            }
        }
        if changed {
            self.store(cx);
        }
        self.check(cx);
    }

    fn tick(&mut self, tick: ProtectionTick, cx: &mut Cx) {
        match tick {
            ProtectionTick::Check => self.timer = None,
            ProtectionTick::Stored(text) => {
                let theirs = text.as_deref().and_then(Session::read);
                match theirs {
                    Some(s) if Some(s.player) == self.player => {
                        // Another tab answered the check: it is answered here too.
                        if self.session.as_ref().map(|m| m.last_check) != Some(s.last_check) {
                            self.due = false;
                        }
                        self.session = Some(s);
                    }
                    // Before the player is known here (the session restoring, or this tab's
                    // code arriving with the boot and the other tab's writes queued): the
                    // newest write replaces what storage held at boot, which the sign-in reads.
                    Some(_) if self.player.is_none() => self.stored = text,
                    // Removed by a sign-out elsewhere: the session hook follows.
                    _ => {}
                }
            }
            ProtectionTick::Seen(text) => {
                let theirs = text
                    .as_deref()
                    .map(|t| choices::read_map(t, |_| true))
                    .unwrap_or_default();
                for (p, day) in theirs.iter() {
                    if self.seen.get(p).is_none_or(|d| d < day) {
                        self.seen.insert(*p, *day);
                    }
                }
            }
        }
        self.check(cx);
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                // Heard first, at the present (also when this code arrives later than the boot).
                self.now = self.now.max(cx.now);
                self.stored = boot.stored.get(PLAY_SESSION).map(str::to_string);
                let read = |stored: Stored, valid: fn(u32) -> bool| {
                    boot.stored
                        .get(stored)
                        .map(|t| choices::read_map(t, valid))
                        .unwrap_or_default()
                };
                self.intervals = read(INTERVALS, |m| session::INTERVALS.contains(&m));
                self.lengths = read(LENGTHS, |m| choices::LENGTHS.contains(&m));
                self.reminders = read(REMINDERS, choices::valid_minute);
                self.seen = read(SEEN, |_| true);
                self.offset_minutes = boot.offset_minutes.clamp(-24 * 60, 24 * 60);
                false
            }
            Hook::Signal(Signal::LaunchWanted) => {
                self.check(cx);
                if self.length_passed(self.now) {
                    self.asking = true;
                } else {
                    cx.msg(Msg::Signal(Signal::LaunchAllowed));
                }
                true
            }
            Hook::Session(SessionChange::Started { player_id }) => {
                self.start(*player_id, cx);
                true
            }
            Hook::Session(SessionChange::Ended | SessionChange::Guest) => {
                let had = self.player.is_some() || self.session.is_some();
                if self.session.take().is_some() {
                    cx.effect(Effect::StoreLocal {
                        key: SESSION_KEY.into(),
                        value: None,
                    });
                }
                self.player = None;
                self.stored = None;
                self.due = false;
                self.asking = false;
                self.reminding = false;
                self.last_look = None;
                if let Some((id, _)) = self.timer.take() {
                    cx.cancel(id);
                }
                had
            }
            // A reconnect: pushes may have been missed meanwhile. The page's first connect
            // too when it opened on a game page or the sportsbook: a spin in its first moments,
            // before the channels were subscribed, was never pushed (elsewhere the stored
            // session is as fresh as storage). Rows already counted are skipped by id.
            Hook::Refetch => {
                let again = std::mem::replace(&mut self.connected, true);
                if self.session.is_some() && (again || on_play_page(cx)) {
                    cx.call(Req::Protection(Call::Bets), None);
                }
                false
            }
            Hook::Navigated { .. } => {
                self.check(cx);
                true
            }
            Hook::Push(Push::Bet(data)) => {
                let row = match wager(data) {
                    Ok((_, row)) => row,
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "protection: bet push left out", &e);
                        return false;
                    }
                };
                let Some(player) = self.player else {
                    return false;
                };
                let s = self
                    .session
                    .get_or_insert_with(|| Session::new(player, cx.now));
                if s.idle(cx.now) {
                    *s = Session::new(player, cx.now);
                }
                s.play(row, cx.now);
                self.store(cx);
                self.check(cx);
                true
            }
            _ => false,
        }
    }
}

/// `GET /api/game/bets` (SPEC §7): the page's rows, each read by [`wager`].
#[derive(Deserialize)]
struct Bets {
    data: Vec<Json>,
}

/// A row of the bets history as pushed on `game:bets` and listed by `GET /api/game/bets`: every
/// wager, the slot's rounds (which also push a spin, not counted again) and the sportsbook's
/// stakes. The id, the currency and the stake (`amount`, else `stake`) are needed; amounts and
/// the currency come as text or as a number; `createdAt` is in seconds.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Wager {
    id: i64,
    #[serde(deserialize_with = "needed_text")]
    currency: String,
    #[serde(default, deserialize_with = "text")]
    amount: Option<String>,
    #[serde(default, deserialize_with = "text")]
    stake: Option<String>,
    #[serde(default, deserialize_with = "text")]
    win: Option<String>,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    created_at: Option<u64>,
}

/// A wager's time in milliseconds (0 when not given) and its row, or why it cannot be read.
fn wager(v: &Json) -> Result<(u64, Row), String> {
    let w = Wager::deserialize(v).map_err(|e| e.to_string())?;
    let stake = w.amount.or(w.stake).ok_or("missing field `amount`")?;
    let at = w.created_at.map_or(0, |secs| secs.saturating_mul(1000));
    let row = Row {
        id: w.id,
        currency: w.currency,
        stake,
        win: w.win.unwrap_or_default(),
    };
    Ok((at, row))
}

/// A text, or a number as its text; `None` for anything else.
fn text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Json::deserialize(d)? {
        Json::String(s) => Some(s),
        Json::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

fn needed_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text(d)?.ok_or_else(|| D::Error::custom("expected a text or a number"))
}

impl Protection {
    /// The interval in force for the signed-in player: their choice, else the operator's.
    pub fn interval(&self, default: u32) -> u32 {
        self.player
            .and_then(|p| self.intervals.get(&p).copied())
            .unwrap_or(default)
    }

    /// The session length the signed-in player chose (0 = off).
    pub fn length(&self) -> u32 {
        self.player
            .and_then(|p| self.lengths.get(&p).copied())
            .unwrap_or(0)
    }

    /// The reminder time the signed-in player chose (minutes after local midnight).
    pub fn reminder(&self) -> Option<u32> {
        self.player.and_then(|p| self.reminders.get(&p).copied())
    }

    /// The session has lasted the player's length since it started or they last chose
    /// "Continue".
    fn length_passed(&self, now: u64) -> bool {
        self.length_due_at().is_some_and(|at| now >= at)
    }

    /// When the session will have lasted the player's length (none without one).
    fn length_due_at(&self) -> Option<u64> {
        let minutes = self.length();
        let s = self.session.as_ref().filter(|_| minutes > 0)?;
        Some(s.started.max(s.asked) + u64::from(minutes) * 60_000)
    }

    /// The reminder shows when its local time fell since the previous look (once per local
    /// day on the device); gives when to look next.
    fn remind(&mut self, player: i64, now: u64, cx: &mut Cx) -> Option<u64> {
        let prev = self.last_look.replace(now);
        let minute = self.reminders.get(&player).copied()?;
        let last = choices::last_reminder(now, self.offset_minutes, minute);
        let day = u32::try_from(choices::local_day(last, self.offset_minutes)).unwrap_or(0);
        if prev.is_some_and(|p| p < last) && self.seen.get(&player) != Some(&day) {
            self.seen.insert(player, day);
            self.reminding = true;
            keep(cx, SEEN_KEY, &self.seen);
        }
        Some(choices::next_reminder(now, self.offset_minutes, minute))
    }

    /// Signed in or restored: go on with the stored session of this player unless it went
    /// idle, else start one now.
    fn start(&mut self, player: i64, cx: &mut Cx) {
        self.player = Some(player);
        self.last_look = Some(cx.now);
        let kept = self
            .session
            .take()
            .or_else(|| self.stored.take().as_deref().and_then(Session::read))
            .filter(|s| s.player == player && !s.idle(cx.now) && s.started <= cx.now);
        let fresh = kept.is_none();
        self.session = Some(kept.unwrap_or_else(|| Session::new(player, cx.now)));
        if fresh {
            self.store(cx);
        }
        self.check(cx);
    }

    fn store(&self, cx: &mut Cx) {
        if let Some(s) = &self.session {
            cx.effect(Effect::StoreLocal {
                key: SESSION_KEY.into(),
                value: Some(s.to_text()),
            });
        }
    }

    /// The check is due when its time has come on a game page or the sportsbook; the timer
    /// wakes at that time, and each minute there for the bar, and at the reminder's time.
    /// The sportsbook asks once the session length has passed, on entering it or while it is
    /// open (the widget tells of no stake before it is placed, so the ask cannot wait for one).
    fn check(&mut self, cx: &mut Cx) {
        // The present: the latest time heard. A sign-in or a bet queued while this code
        // loaded is heard at its own moment, after the boot at the load's time
        // (`groups::Groups::ready`); the check, its timers and the bar look at the present.
        let now = cx.now.max(self.now);
        self.now = now;
        let Some(player) = self.player else {
            return;
        };
        let remind_at = self.remind(player, now, cx);
        if let Some(s) = &mut self.session {
            if s.idle(now) && !self.due {
                *s = Session::new(player, now);
                self.store(cx);
            }
        }
        let on_sport = cx.shared.route.as_ref().ok().and_then(|r| r.route_name())
            == Some(RouteName::SportSlug);
        // On entering the sportsbook, and while it stays open: its next stake waits for the
        // answer (the view keeps an open widget mounted behind the ask).
        if on_sport && self.length_passed(now) {
            self.asking = true;
        }
        let length_at = self.length_due_at().filter(|at| on_sport && *at > now);
        let playing = on_play_page(cx);
        let play_at = match &self.session {
            Some(s) if playing => {
                let minutes = self.interval(cx.config.reality_check_minutes);
                let due_at = (minutes > 0).then(|| s.last_check + u64::from(minutes) * 60_000);
                if due_at.is_some_and(|at| now >= at) {
                    self.due = true;
                }
                let bar = next_minute(s.started, now);
                Some(match due_at {
                    Some(at) if !self.due && at > now => at.min(bar),
                    _ => bar,
                })
            }
            // Away from play only the idle end matters, and the next page's check sees it.
            _ => None,
        };
        let wake = [play_at, remind_at, length_at].into_iter().flatten().min();
        if self.timer.map(|(_, at)| at) == wake {
            return;
        }
        if let Some((id, _)) = self.timer.take() {
            cx.cancel(id);
        }
        if let Some(at) = wake {
            let ms = u32::try_from(at.saturating_sub(now)).unwrap_or(u32::MAX);
            let id = cx.timer(ms, Tick::Protection(ProtectionTick::Check));
            self.timer = Some((id, at));
        }
    }
}

/// One of the player-by-player choices kept on this device, written to its localStorage key.
fn keep(cx: &mut Cx, key: &str, map: &LiteMap<i64, u32>) {
    cx.effect(Effect::StoreLocal {
        key: key.into(),
        value: Some(choices::write_map(map)),
    });
}

/// A game page or the sportsbook: where the check comes and the bar shows.
pub fn on_play_page(cx: &Cx) -> bool {
    playing_route(cx.shared.route.as_ref().ok().and_then(|r| r.route_name()))
}

pub fn playing_route(name: Option<RouteName>) -> bool {
    matches!(name, Some(RouteName::GameId | RouteName::SportSlug))
}
