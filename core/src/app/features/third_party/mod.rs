//! Third-party services and analytics (SPEC §4 "Analytics events", §7 "Other", §8 captcha and
//! pixel rows, §9 "Pixel"). At start each service is planned from its public key and script
//! address (`domain::third_party::plan`): loaded, logged as missing or refused, or held until the
//! visitor's cookie choice allows it (`Shared::consent`, set by `Msg::Consent`: the one place
//! consent reaches the core; a change fires `Hook::Consent`). Analytics events reach this
//! feature as `Hook::Analytics` (fired by the features that see them: registration, deposits)
//! and as the `bet.placebet` push; `visit` fires here at start. Each goes to every sink that is
//! keyed, consented and not failed (`Effect::ThirdParty(Track)`); events fired before consent
//! are held (at most [`HELD_MAX`]) and sent to the consent-requiring sinks once it comes. The
//! live chat and the session replay learn who the player is (id and the chat's restore id,
//! never the session token); a new restore id from the chat is saved to the profile, and a
//! failure to save it is logged only (SPEC §8).
//!
//! The runtime performs the effects (`runtime/third_party.rs`); the captcha token and the
//! visitor fingerprint ride on the guarded forms' calls (`Route::guarded`).

use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::{Effect, LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, SessionChange};
use crate::app::registry::Req;
use crate::domain::analytics::AnalyticsEvent;
use crate::domain::realtime::push::Push;
use crate::domain::third_party::{fan_out, plan, Plan, Service, ServiceCmd};
use serde::Serialize;

/// Events kept for the consent-requiring sinks while the visitor has not answered.
pub const HELD_MAX: usize = 20;

/// Where a service stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// No key (or not planned yet): nothing loads.
    #[default]
    Off,
    /// Its key or script address was refused.
    Refused,
    /// Keyed, waiting for the visitor's consent.
    AwaitConsent,
    /// Its script is loading; events already queue in its stub.
    Loading,
    Ready,
    /// Its script failed to load: nothing more goes to it.
    Failed,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ThirdParty {
    status: [Status; 7],
    /// Events fired while consent was not given.
    pub held: Vec<AnalyticsEvent>,
    /// The player the chat and the session replay were told of.
    player: Option<i64>,
    /// The chat's restore id as the profile holds it.
    restore_id: Option<String>,
}

/// No view intents: consent reaches the feature through `Shared::consent` (`Msg::Consent`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ThirdPartyUi {}

/// The support chat's restore id, saved on the player's profile.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestoreIdBody<'a> {
    pub freshchat_restore_id: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// The player's profile, for the chat's restore id.
    Profile,
    /// PUT /api/player/profile with the chat's new restore id.
    SaveRestoreId,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Profile => Route::get("/api/player/profile", Auth::Player),
            Call::SaveRestoreId => Route::write(Method::Put, "/api/player/profile", Auth::Player),
        }
    }
}

/// What the runtime reports of the services.
#[derive(Clone, Debug, PartialEq)]
pub enum ThirdPartyTick {
    Loaded(Service),
    Failed(Service),
    /// The chat created its user and gave this restore id.
    RestoreId(String),
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TS_SERVICES: &str = r#"
/** A third-party service of SPEC §7, as `Config.thirdParty` names it. */
export type ThirdPartyService = "tagManager" | "webMetrics" | "chat" | "sessionReplay" | "fingerprint" | "pixel" | "captcha";
"#;

impl Feature for ThirdParty {
    type Ui = ThirdPartyUi;
    type Call = Call;
    type Tick = ThirdPartyTick;

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(_) => {
                // The stored cookie choice arrives as `Msg::Consent` from the consent feature
                // (`Privacy`) right after this: what waits for it loads then.
                for s in Service::ALL {
                    self.start(s, cx);
                }
                // SPEC §4: visit is sent when the app mounts.
                self.fire(AnalyticsEvent::Visit, cx);
            }
            Hook::Consent => self.consent(cx),
            Hook::Analytics(e) => self.fire(*e, cx),
            Hook::Push(Push::BetPlaced(_)) => self.fire(AnalyticsEvent::Bet, cx),
            Hook::Session(SessionChange::Started { player_id }) => {
                self.player = Some(*player_id);
                self.restore_id = None;
                if self.active(Service::Chat) {
                    // The restore id is the profile's; ask for it before telling the chat.
                    cx.call(Req::ThirdParty(Call::Profile), None);
                } else {
                    self.identify(cx);
                }
            }
            Hook::Session(SessionChange::Ended | SessionChange::Guest)
                if self.player.take().is_some() =>
            {
                self.restore_id = None;
                self.identify(cx);
            }
            _ => {}
        }
        false
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Profile => {
                match calls::read_json(answer) {
                    Ok(p) => {
                        // The session's profile shape; an answer that is not one has none.
                        self.restore_id =
                            <crate::app::wire::Profile as serde::Deserialize>::deserialize(&p)
                                .ok()
                                .and_then(|p| p.freshchat_restore_id)
                                .filter(|r| !r.is_empty());
                    }
                    Err(e) => cx.log(LogLevel::Warn, &format!("chat restore id: {e}")),
                }
                if self.player.is_some() {
                    self.identify(cx);
                }
            }
            Call::SaveRestoreId => {
                if let Err(e) = answer {
                    // SPEC §8: a failed chat restore id update is logged only.
                    cx.log(LogLevel::Warn, &format!("chat restore id not saved: {e}"));
                }
            }
        }
    }

    fn tick(&mut self, tick: ThirdPartyTick, cx: &mut Cx) {
        match tick {
            ThirdPartyTick::Loaded(s) => {
                if self.status(s) == Status::Loading {
                    self.set(s, Status::Ready);
                }
            }
            ThirdPartyTick::Failed(s) => {
                self.set(s, Status::Failed);
                cx.log(LogLevel::Error, &s.load_failed());
            }
            ThirdPartyTick::RestoreId(id) => {
                if self.player.is_some() && self.restore_id.as_deref() != Some(id.as_str()) {
                    let body = RestoreIdBody {
                        freshchat_restore_id: &id,
                    };
                    cx.send(Req::ThirdParty(Call::SaveRestoreId), &body);
                    self.restore_id = Some(id);
                }
            }
        }
    }
}

impl ThirdParty {
    pub fn status(&self, s: Service) -> Status {
        self.status.get(s as usize).copied().unwrap_or_default()
    }

    fn set(&mut self, s: Service, status: Status) {
        if let Some(slot) = self.status.get_mut(s as usize) {
            *slot = status;
        }
    }

    /// Loading or loaded: events and the player go to it.
    fn active(&self, s: Service) -> bool {
        matches!(self.status(s), Status::Loading | Status::Ready)
    }

    /// Plan a service and act on the plan (at start, or when consent arrives).
    fn start(&mut self, s: Service, cx: &mut Cx) {
        let config = cx.config.third_party.get(s);
        match plan(s, config, &cx.shared.consent) {
            Plan::Load(url) => {
                self.set(s, Status::Loading);
                cx.effect(Effect::ThirdParty(ServiceCmd::Load {
                    service: s,
                    url,
                    key: config.key.trim().to_string(),
                }));
            }
            Plan::NoKey => {
                self.set(s, Status::Off);
                cx.log(LogLevel::Warn, &s.key_missing());
            }
            Plan::Refused(why) => {
                self.set(s, Status::Refused);
                cx.log(LogLevel::Error, &why);
            }
            Plan::AwaitConsent => self.set(s, Status::AwaitConsent),
        }
    }

    /// The visitor chose: load what their choice allows and send it the held events; once they
    /// have chosen, nothing more is held.
    fn consent(&mut self, cx: &mut Cx) {
        let consent = cx.shared.consent;
        let held = if consent.decided {
            std::mem::take(&mut self.held)
        } else {
            Vec::new()
        };
        let waiting: Vec<Service> = Service::ALL
            .into_iter()
            .filter(|&s| self.status(s) == Status::AwaitConsent && s.allowed(&consent))
            .collect();
        for &s in &waiting {
            self.start(s, cx);
        }
        let now_active: Vec<Service> = waiting.into_iter().filter(|&s| self.active(s)).collect();
        for e in held {
            track(fan_out(e, &now_active), cx);
        }
        if self.player.is_some() && now_active.contains(&Service::SessionReplay) {
            self.identify(cx);
        }
    }

    /// An event (with its companions) to every active sink the visitor allows; kept for the
    /// ones that wait for the visitor's choice.
    fn fire(&mut self, event: AnalyticsEvent, cx: &mut Cx) {
        let consent = cx.shared.consent;
        let ready: Vec<Service> = Service::ALL
            .into_iter()
            .filter(|&s| self.active(s) && s.allowed(&consent))
            .collect();
        track(fan_out(event, &ready), cx);
        let waits = !consent.decided
            && Service::ALL
                .into_iter()
                .any(|s| s.is_sink() && self.status(s) == Status::AwaitConsent);
        if waits && self.held.len() < HELD_MAX {
            self.held.push(event);
        }
    }

    /// Tell the chat who the visitor is, and the session replay outside production (SPEC §4:
    /// the plug-in context is set outside production only), when either is on.
    fn identify(&self, cx: &mut Cx) {
        let replay = !cx.config.production
            && self.active(Service::SessionReplay)
            && Service::SessionReplay.allowed(&cx.shared.consent);
        if self.active(Service::Chat) || replay {
            cx.effect(Effect::ThirdParty(ServiceCmd::Identify {
                player_id: self.player,
                restore_id: self.restore_id.clone(),
                replay,
            }));
        }
    }
}

fn track(calls: Vec<crate::domain::third_party::SinkCall>, cx: &mut Cx) {
    for c in calls {
        cx.effect(Effect::ThirdParty(ServiceCmd::Track(c)));
    }
}
