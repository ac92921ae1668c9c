//! The `protection` slice: the session bar's and the reality check's figures.

use serde::Serialize;

use super::{choices, Protection};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::app::wire::currency_info;
use crate::domain::money::Decimal;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SessionTotalView {
    pub currency: String,
    /// Decimal strings in the account's display units (the currency's digits when known).
    pub staked: String,
    pub won: String,
    /// Won minus staked; negative is a loss.
    pub net: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ProtectionView {
    /// A signed-in player with a session.
    pub active: bool,
    /// A game page or the sportsbook is open: the bar shows.
    pub playing: bool,
    /// Whole minutes since the session started, at the core's last look.
    pub minutes: u32,
    /// The reality check is showing.
    pub due: bool,
    /// The interval in force (0 = off), and whether the player chose it on this device.
    pub interval: u32,
    /// Per currency played this session, in the order of their codes.
    pub totals: Vec<SessionTotalView>,
    /// The player's session length (minutes, 0 = off) and daily reminder (`"HH:MM"` local,
    /// empty = off), kept on this device.
    pub length: u32,
    pub reminder: String,
    /// The session length passed: the launch (or the sportsbook) waits for "Continue".
    pub asking: bool,
    /// The daily reminder is showing.
    pub reminding: bool,
}

fn shown(shared: &Shared, currency: &str, d: Option<Decimal>) -> String {
    let d = d.unwrap_or_else(|| Decimal::from_int(0));
    let digits = shared
        .currency(currency)
        .map(|c| currency_info(c).minor_digits());
    digits.and_then(|n| d.round_to(n)).unwrap_or(d).to_string()
}

pub fn slice(f: &Protection, shared: &Shared, config: &Config) -> ProtectionView {
    let playing = super::playing_route(shared.route_name());
    let Some(s) = f.session.as_ref().filter(|_| shared.is_player()) else {
        return ProtectionView {
            active: false,
            playing,
            minutes: 0,
            due: false,
            interval: f.interval(config.reality_check_minutes),
            totals: Vec::new(),
            length: 0,
            reminder: String::new(),
            asking: false,
            reminding: false,
        };
    };
    let minutes = u32::try_from(f.now.saturating_sub(s.started) / 60_000).unwrap_or(u32::MAX);
    let totals = s
        .totals
        .iter()
        .map(|(c, t)| SessionTotalView {
            currency: c.clone(),
            staked: shown(shared, c, Decimal::parse(&t.staked).ok()),
            won: shown(shared, c, Decimal::parse(&t.won).ok()),
            net: shown(shared, c, s.net(c)),
        })
        .collect();
    ProtectionView {
        active: true,
        playing,
        minutes,
        due: f.due,
        interval: f.interval(config.reality_check_minutes),
        totals,
        length: f.length(),
        reminder: f.reminder().map(choices::format_time).unwrap_or_default(),
        asking: f.asking,
        reminding: f.reminding,
    }
}
