//! Bonus codes (SPEC §3, §4 "Bonus code", §8): status 3 incorrect, 4 not available, each with
//! an error alert.

use crate::domain::alert::Alert;
use serde::{Deserialize, Serialize};

/// Status 3: the code is incorrect.
pub const STATUS_INCORRECT: u8 = 3;
/// Status 4: the code is not available.
pub const STATUS_NOT_AVAILABLE: u8 = 4;
/// Alert key for status 3.
pub const ALERT_INCORRECT: &str = "bonusCodeIncorrect";
/// Alert key for status 4.
pub const ALERT_NOT_AVAILABLE: &str = "bonusCodeNotAvailable";

/// A player bonus code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BonusCode {
    pub player_bonus_code_id: u64,
    pub bonus_code: String,
    #[serde(default)]
    pub trigger: Option<String>,
    pub status: u8,
}

/// The error alert for a status (3, 4), none otherwise.
pub fn status_alert(status: u8) -> Option<Alert> {
    match status {
        STATUS_INCORRECT => Some(Alert::error(ALERT_INCORRECT)),
        STATUS_NOT_AVAILABLE => Some(Alert::error(ALERT_NOT_AVAILABLE)),
        _ => None,
    }
}

/// Whether a status is an error (3 or 4).
pub fn is_error(status: u8) -> bool {
    status_alert(status).is_some()
}

/// A pushed or returned bonus code: the alert to show, if any.
pub fn on_bonus_code(code: &BonusCode) -> Option<Alert> {
    status_alert(code.status)
}

/// The code as sent: surrounding whitespace removed; `None` when empty.
pub fn normalize_input(code: &str) -> Option<String> {
    let t = code.trim();
    (!t.is_empty()).then(|| t.to_string())
}
