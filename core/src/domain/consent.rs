//! Cookie consent (issue 16, SPEC §2 modal cookie-request): what the visitor allowed, kept in
//! localStorage under [`CONSENT_KEY`]. Third-party services read it from the core
//! (`Shared::consent`) before loading: analytics ones (tag manager, web metrics, session
//! replay) need `analytics`, the retargeting pixel needs `marketing`; the live chat, the
//! captcha and the visitor fingerprint are needed for the site itself and need neither.
//!
//! # Decisions
//!
//! - Nothing is allowed before the visitor chooses; closing the modal without a choice
//!   decides nothing, and the question comes again on the next visit.
//! - The stored form is `analytics=1;marketing=0`; anything unreadable counts as undecided.

/// localStorage key of the stored choice.
pub const CONSENT_KEY: &str = "cookieConsent";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Consent {
    /// The visitor chose (either way).
    pub decided: bool,
    /// Measurement: tag manager, web metrics, session replay.
    pub analytics: bool,
    /// Advertising: the retargeting pixel.
    pub marketing: bool,
}

impl Consent {
    pub fn chosen(analytics: bool, marketing: bool) -> Consent {
        Consent {
            decided: true,
            analytics,
            marketing,
        }
    }

    /// The stored text, or undecided when absent or unreadable.
    pub fn parse(stored: Option<&str>) -> Consent {
        let Some(s) = stored else {
            return Consent::default();
        };
        let mut analytics = None;
        let mut marketing = None;
        for part in s.split(';') {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let v = match v.trim() {
                "1" => true,
                "0" => false,
                _ => return Consent::default(),
            };
            match k.trim() {
                "analytics" => analytics = Some(v),
                "marketing" => marketing = Some(v),
                _ => {}
            }
        }
        match (analytics, marketing) {
            (Some(a), Some(m)) => Consent::chosen(a, m),
            _ => Consent::default(),
        }
    }

    pub fn stored(self) -> String {
        format!(
            "analytics={};marketing={}",
            u8::from(self.analytics),
            u8::from(self.marketing)
        )
    }
}
