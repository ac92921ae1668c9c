//! Analytics events, the retargeting pixel and deposit numbering (SPEC §4 "Analytics events",
//! §9 "Pixel").

use serde::{Deserialize, Serialize};

/// Logged when an event has no pixel action.
pub const PIXEL_ACTION_MISSING: &str = "Error: Pixel action is not defined";
/// Logged when the pixel script fails to load.
pub const PIXEL_LOAD_FAILED: &str = "Failed to load Pixel";

/// Every analytics event name of SPEC §4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnalyticsEvent {
    Visit,
    Regfin,
    Regnotfin,
    Ftd,
    Bet,
    Bet30,
    Deposit,
    Dep2,
    Dep3,
    Dep4,
    Dep5plus,
}

impl AnalyticsEvent {
    pub const ALL: [AnalyticsEvent; 11] = [
        AnalyticsEvent::Visit,
        AnalyticsEvent::Regfin,
        AnalyticsEvent::Regnotfin,
        AnalyticsEvent::Ftd,
        AnalyticsEvent::Bet,
        AnalyticsEvent::Bet30,
        AnalyticsEvent::Deposit,
        AnalyticsEvent::Dep2,
        AnalyticsEvent::Dep3,
        AnalyticsEvent::Dep4,
        AnalyticsEvent::Dep5plus,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AnalyticsEvent::Visit => "visit",
            AnalyticsEvent::Regfin => "regfin",
            AnalyticsEvent::Regnotfin => "regnotfin",
            AnalyticsEvent::Ftd => "ftd",
            AnalyticsEvent::Bet => "bet",
            AnalyticsEvent::Bet30 => "bet30",
            AnalyticsEvent::Deposit => "deposit",
            AnalyticsEvent::Dep2 => "dep2",
            AnalyticsEvent::Dep3 => "dep3",
            AnalyticsEvent::Dep4 => "dep4",
            AnalyticsEvent::Dep5plus => "dep5plus",
        }
    }

    pub fn parse(name: &str) -> Option<AnalyticsEvent> {
        AnalyticsEvent::ALL.into_iter().find(|e| e.as_str() == name)
    }

    /// Pixel action id (SPEC §9): visit 80 ... bet30 90.
    pub fn pixel_action_id(self) -> u32 {
        match self {
            AnalyticsEvent::Visit => 80,
            AnalyticsEvent::Regfin => 81,
            AnalyticsEvent::Regnotfin => 82,
            AnalyticsEvent::Ftd => 83,
            AnalyticsEvent::Dep2 => 84,
            AnalyticsEvent::Dep3 => 85,
            AnalyticsEvent::Dep4 => 86,
            AnalyticsEvent::Dep5plus => 87,
            AnalyticsEvent::Bet => 88,
            AnalyticsEvent::Deposit => 89,
            AnalyticsEvent::Bet30 => 90,
        }
    }

    /// External event code (SPEC §9); bet30 has none.
    pub fn external_code(self) -> Option<u32> {
        Some(match self {
            AnalyticsEvent::Regfin => 1,
            AnalyticsEvent::Ftd => 2,
            AnalyticsEvent::Bet => 3,
            AnalyticsEvent::Deposit => 4,
            AnalyticsEvent::Visit => 5,
            AnalyticsEvent::Dep2 => 6,
            AnalyticsEvent::Dep3 => 7,
            AnalyticsEvent::Dep4 => 8,
            AnalyticsEvent::Dep5plus => 9,
            AnalyticsEvent::Regnotfin => 14,
            AnalyticsEvent::Bet30 => return None,
        })
    }

    /// The events that also fire with this one: ftd/dep2/dep3/dep4/dep5plus fire deposit,
    /// bet fires bet30.
    pub fn companions(self) -> &'static [AnalyticsEvent] {
        match self {
            AnalyticsEvent::Ftd
            | AnalyticsEvent::Dep2
            | AnalyticsEvent::Dep3
            | AnalyticsEvent::Dep4
            | AnalyticsEvent::Dep5plus => &[AnalyticsEvent::Deposit],
            AnalyticsEvent::Bet => &[AnalyticsEvent::Bet30],
            _ => &[],
        }
    }

    /// This event followed by its companions, in firing order.
    pub fn expand(self) -> Vec<AnalyticsEvent> {
        let mut v = vec![self];
        v.extend_from_slice(self.companions());
        v
    }
}

/// The event of a successful deposit by its number: 1 ftd, 2 dep2, 3 dep3, 4 dep4, above 4
/// dep5plus; 0 (unknown) none.
pub fn deposit_event(number: u64) -> Option<AnalyticsEvent> {
    match number {
        0 => None,
        1 => Some(AnalyticsEvent::Ftd),
        2 => Some(AnalyticsEvent::Dep2),
        3 => Some(AnalyticsEvent::Dep3),
        4 => Some(AnalyticsEvent::Dep4),
        _ => Some(AnalyticsEvent::Dep5plus),
    }
}

/// Every event a successful deposit fires (the numbered one, then deposit).
pub fn deposit_events(number: u64) -> Vec<AnalyticsEvent> {
    deposit_event(number)
        .map(AnalyticsEvent::expand)
        .unwrap_or_default()
}

/// The events a registration fires: regfin when finished, regnotfin when deferred.
pub fn registration_event(finished: bool) -> AnalyticsEvent {
    if finished {
        AnalyticsEvent::Regfin
    } else {
        AnalyticsEvent::Regnotfin
    }
}

/// One pixel call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PixelFire {
    pub event: AnalyticsEvent,
    pub action_id: u32,
    pub external_code: Option<u32>,
}

/// Pixel calls for an event (with its companions).
pub fn pixel_fires(event: AnalyticsEvent) -> Vec<PixelFire> {
    event
        .expand()
        .into_iter()
        .map(|e| PixelFire {
            event: e,
            action_id: e.pixel_action_id(),
            external_code: e.external_code(),
        })
        .collect()
}

/// Pixel action id for an event name; the spec's log message when it is unknown.
pub fn pixel_action_for(name: &str) -> Result<u32, &'static str> {
    AnalyticsEvent::parse(name)
        .map(AnalyticsEvent::pixel_action_id)
        .ok_or(PIXEL_ACTION_MISSING)
}
