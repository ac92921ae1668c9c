//! The play session the reality check reports on (issue 30): when it started, when the player
//! last played, and what was staked and won per currency. Pure: time is an argument. One
//! session per player on the device, written to localStorage so a reload and other tabs go on
//! with it.

use litemap::LiteMap;
use serde::{Deserialize, Serialize};

use crate::domain::money::Decimal;

/// 30 minutes without play end a session; the next one starts afresh.
pub const IDLE_MS: u64 = 30 * 60 * 1000;

/// Rows kept so that a row heard twice (a second tab's copy, a settled bet's update) is
/// counted once; older rows are only in the totals.
pub const ROWS_KEPT: usize = 64;

/// One wager as the bets history pushes it: its id, currency, stake and win (decimal strings
/// in the account's display units).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub id: i64,
    pub currency: String,
    pub stake: String,
    pub win: String,
}

/// Staked and won in one currency (decimal strings, summed exactly).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub staked: String,
    pub won: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub player: i64,
    /// Unix ms the session started (sign-in, or the first play after an idle gap).
    pub started: u64,
    /// Unix ms of the last play (or the start).
    pub last_play: u64,
    /// Unix ms the last reality check was answered (or the start): the next is due an
    /// interval after it.
    pub last_check: u64,
    /// Unix ms the player last chose "Continue" when their session length had passed (0 =
    /// never): the next launch asks a full length after it.
    #[serde(default)]
    pub asked: u64,
    pub totals: LiteMap<String, Totals>,
    /// The last rows counted, newest last.
    pub rows: Vec<Row>,
}

fn dec(text: &str) -> Decimal {
    Decimal::parse(text.trim()).unwrap_or_else(|_| Decimal::from_int(0))
}

fn add(total: &str, delta: &Decimal, sub: &Decimal) -> String {
    dec(total)
        .checked_add(delta)
        .and_then(|t| t.checked_sub(sub))
        .map_or_else(|| total.to_string(), |t| t.to_string())
}

impl Session {
    pub fn new(player: i64, now: u64) -> Session {
        Session {
            player,
            started: now,
            last_play: now,
            last_check: now,
            asked: now,
            totals: LiteMap::new(),
            rows: Vec::new(),
        }
    }

    /// Whether it is over at `now` (30 minutes without play).
    pub fn idle(&self, now: u64) -> bool {
        now.saturating_sub(self.last_play) >= IDLE_MS
    }

    /// Count `row` (played at `now`). A row already counted counts only its change (a bet
    /// that settles later) and is not play again; an unreadable amount counts as zero. False
    /// when nothing changed.
    pub fn play(&mut self, row: Row, now: u64) -> bool {
        let (mut stake, mut win) = (dec(&row.stake), dec(&row.win));
        let zero = Decimal::from_int(0);
        if stake.is_negative() {
            stake = zero;
        }
        if win.is_negative() {
            win = zero;
        }
        let (old_stake, old_win) = match self.rows.iter().position(|r| r.id == row.id) {
            Some(i) => {
                let old = self.rows.remove(i);
                if old.currency != row.currency {
                    // Not the same wager after all: keep the first reading.
                    self.rows.insert(i, old);
                    return false;
                }
                (dec(&old.stake), dec(&old.win))
            }
            None => (zero, zero),
        };
        let same = stake == old_stake && win == old_win;
        let t = self.totals.entry(row.currency.clone()).or_default();
        if t.staked.is_empty() {
            *t = Totals {
                staked: zero.to_string(),
                won: zero.to_string(),
            };
        }
        t.staked = add(&t.staked, &stake, &old_stake);
        t.won = add(&t.won, &win, &old_win);
        self.rows.push(Row {
            stake: stake.to_string(),
            win: win.to_string(),
            ..row
        });
        if self.rows.len() > ROWS_KEPT {
            self.rows.remove(0);
        }
        if !same {
            self.last_play = self.last_play.max(now);
        }
        !same
    }

    /// Net result per currency: won minus staked.
    pub fn net(&self, currency: &str) -> Option<Decimal> {
        let t = self.totals.get(currency)?;
        dec(&t.won).checked_sub(&dec(&t.staked))
    }

    pub fn to_text(&self) -> String {
        // The core's JSON text writer and reader (the engine parses in the browser): serde_json's
        // own would add ~20 KiB br to the main module.
        crate::json::to_string(self).unwrap_or_default()
    }

    /// The stored session, if it reads.
    pub fn read(text: &str) -> Option<Session> {
        crate::json::from_str(text).ok()
    }
}

/// The reality-check intervals a player may choose (minutes; 0 = off).
pub const INTERVALS: [u32; 4] = [0, 15, 30, 60];
