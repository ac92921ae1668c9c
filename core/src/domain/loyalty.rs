//! Loyalty (SPEC §3, §4 "Loyalty", §9): level progress and the level-up reaction.
//!
//! # Decisions
//!
//! - Progress = (points - current.points) / (next.points - current.points) * 100, computed in
//!   integer hundredths of a percent and rounded half up, clamped to 0..=100. No next level, or
//!   a next threshold not above the current one, is 100 %. Points below the current threshold
//!   are 0 %.
//! - Level-up: only when a previous account is known and the new `currentLevel.order` is
//!   higher. On a game page it is a banner for 3 s, elsewhere the level-up modal.

use serde::{Deserialize, Serialize};

use crate::json::{lenient, lenient_whole, whole_id};

/// How long the level-up banner stays on a game page.
pub const LEVEL_UP_BANNER_MS: u64 = 3000;

/// `currentLevel`: its order is needed; an odd name or points read as empty and 0.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentLevel {
    #[serde(default, deserialize_with = "lenient")]
    pub name: String,
    #[serde(default, deserialize_with = "lenient_whole")]
    pub points: u64,
    #[serde(deserialize_with = "whole_id")]
    pub order: u32,
}

/// `nextLevel`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NextLevel {
    #[serde(default, deserialize_with = "lenient")]
    pub name: String,
    #[serde(default, deserialize_with = "lenient_whole")]
    pub points: u64,
}

/// The loyalty account (SPEC §3), as `loyalty/account` answers it and `retention:accounts`
/// pushes it: the points and the current level are needed; a next level that is not an
/// object is none (the top level).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyAccount {
    #[serde(deserialize_with = "whole_id")]
    pub points: u64,
    pub current_level: CurrentLevel,
    #[serde(default, deserialize_with = "lenient")]
    pub next_level: Option<NextLevel>,
}

/// Progress in hundredths of a percent (0..=10000).
pub fn progress_hundredths(points: u64, current: u64, next: Option<u64>) -> u32 {
    let Some(next) = next else { return 10_000 };
    if next <= current {
        return 10_000;
    }
    if points <= current {
        return 0;
    }
    if points >= next {
        return 10_000;
    }
    let done = u128::from(points - current);
    let span = u128::from(next - current);
    // round half up: (done * 10000 * 2 + span) / (2 * span)
    let h = (done * 20_000 + span) / (span * 2);
    u32::try_from(h.min(10_000)).unwrap_or(10_000)
}

/// Progress as text with 2 decimals (`"33.33"`).
pub fn format_percent(hundredths: u32) -> String {
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

impl LoyaltyAccount {
    /// Progress to the next level in hundredths of a percent.
    pub fn progress_hundredths(&self) -> u32 {
        progress_hundredths(
            self.points,
            self.current_level.points,
            self.next_level.as_ref().map(|n| n.points),
        )
    }

    /// Progress as `"12.34"`.
    pub fn progress_percent(&self) -> String {
        format_percent(self.progress_hundredths())
    }
}

/// How the user learns about a new level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum LevelUp {
    /// The level-up modal.
    Modal { level: String },
    /// A short banner on a game page, hidden at `hide_at_ms`.
    Banner { level: String, hide_at_ms: u64 },
}

/// A live account update: the level-up reaction when the level order rose.
pub fn on_account_update(
    previous: Option<&LoyaltyAccount>,
    new: &LoyaltyAccount,
    on_game_page: bool,
    now_ms: u64,
) -> Option<LevelUp> {
    let prev = previous?;
    if new.current_level.order <= prev.current_level.order {
        return None;
    }
    let level = new.current_level.name.clone();
    Some(if on_game_page {
        LevelUp::Banner {
            level,
            hide_at_ms: now_ms.saturating_add(LEVEL_UP_BANNER_MS),
        }
    } else {
        LevelUp::Modal { level }
    })
}
