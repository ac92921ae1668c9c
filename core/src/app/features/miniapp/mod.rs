//! The messenger mini-app (SPEC §4 Session "In the messenger app", §6, §7, §8): signing in
//! from the launch data, silent re-login when the session is lost, the messenger user sync,
//! linking Telegram to a restored web session, and the alerts of a refused sign-in. The
//! chrome (expand, close confirmation, back button, haptics, insets, theme) is the app's
//! (app/src/features/miniapp/), fed by the `miniapp` slice.

pub mod launch;
pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange};
use crate::app::registry::Req;
use crate::app::wire::LoginResponse;
use crate::domain::alert::Alert;
pub use launch::{Launch, TgUser};

/// A session lost again this soon after a messenger sign-in is not retried: the launch data
/// itself is not accepted any more, and signing in again would loop.
pub const RELOGIN_GUARD_MS: u64 = 5_000;

/// Where the mini-app's sign-in stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    #[default]
    Idle,
    LoggingIn,
    /// tg_login answered 403: the account is blocked (SPEC §8).
    Blocked,
    /// tg_login answered 401 (or another refusal), or the sync failed (SPEC §8).
    AuthFailed,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Miniapp {
    /// The launch data; `None` outside the mini-app, and after a failed init cleared it
    /// (SPEC §4).
    pub launch: Option<Launch>,
    pub phase: Phase,
    /// When the last messenger sign-in succeeded (the re-login loop guard).
    pub signed_in_at: Option<u64>,
    /// The session of this run came from tg_login (not a restored web session).
    pub from_login: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum MiniappUi {
    /// Sign in from the launch data again (after no answer).
    MiniappRetry,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// POST /api/player/tg_login.
    Login,
    /// PUT /api/tg-bot/users.
    Sync,
    /// POST /api/player/social-connections/telegram.
    Connect,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Login => Route::write(Method::Post, "/api/player/tg_login", Auth::Public)
                .source()
                .fingerprinted(),
            Call::Sync => Route::write(Method::Put, "/api/tg-bot/users", Auth::Player),
            Call::Connect => Route::write(
                Method::Post,
                "/api/player/social-connections/telegram",
                Auth::Player,
            ),
        }
    }
}

impl Feature for Miniapp {
    type Ui = MiniappUi;
    type Call = Call;
    type Tick = ();

    fn ui(&mut self, event: MiniappUi, cx: &mut Cx) {
        let MiniappUi::MiniappRetry = event;
        if !cx.shared.is_player() {
            self.login(cx);
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(_) => {
                self.launch = cx.config.miniapp.clone();
                self.launch.is_some()
            }
            // No session (or its profile could not be loaded: SPEC §4 counts that as logged
            // out in the mini-app): sign in from the launch data.
            Hook::Session(SessionChange::Guest) => self.login(cx),
            // A 401/403 or a failed refresh (SPEC §4, §6): silently again, unless the session
            // from the last sign-in was refused at once.
            Hook::Session(SessionChange::Ended) => {
                let just_signed_in = self
                    .signed_in_at
                    .is_some_and(|at| cx.now.saturating_sub(at) < RELOGIN_GUARD_MS);
                if self.launch.is_some() && just_signed_in {
                    cx.log(
                        LogLevel::Warn,
                        "miniapp: session refused right after sign-in",
                    );
                    self.failed(Phase::AuthFailed, cx);
                    return true;
                }
                self.from_login = false;
                self.login(cx)
            }
            Hook::Session(SessionChange::Started { .. }) => {
                let Some(launch) = &self.launch else {
                    return false;
                };
                if self.from_login {
                    sync(launch, cx);
                } else {
                    // A web session restored inside the mini-app: link the messenger user to
                    // it (the server refuses one linked elsewhere), then sync.
                    let body = launch::ConnectBody {
                        payload: &launch.init_data_raw,
                    };
                    cx.send(Req::Miniapp(Call::Connect), &body);
                }
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Login => self.logged_in(answer, cx),
            Call::Sync => {
                if let Err(e) = answer {
                    cx.log_err(LogLevel::Warn, "miniapp sync", &e);
                    self.phase = Phase::AuthFailed;
                    cx.alert(auth_error());
                }
            }
            Call::Connect => match answer {
                Ok(_) => {
                    if let Some(launch) = &self.launch {
                        sync(launch, cx);
                    }
                }
                // Linked to another player, or refused: the web session stays as it is.
                Err(e) => cx.log_err(LogLevel::Info, "miniapp connect", &e),
            },
        }
    }
}

fn sync(launch: &Launch, cx: &mut Cx) {
    match &launch.user {
        Some(user) => cx.send(Req::Miniapp(Call::Sync), &user.sync_body()),
        None => cx.log(LogLevel::Warn, "miniapp: no messenger user to sync"),
    }
}

/// SPEC §8 "Messenger login 401", "Messenger sync failure".
fn auth_error() -> Alert {
    Alert::error("alerts.tgAuthError").with_description("alerts.tgAuthErrorDescription")
}

impl Miniapp {
    /// Send tg_login from the launch data, unless there is none or one is under way.
    fn login(&mut self, cx: &mut Cx) -> bool {
        let Some(launch) = &self.launch else {
            return false;
        };
        if self.phase == Phase::LoggingIn {
            return false;
        }
        self.phase = Phase::LoggingIn;
        let body = crate::json::body(&launch.login_body(cx.config.source()));
        cx.call(Req::Miniapp(Call::Login), Some(body));
        true
    }

    /// A refused sign-in: the launch data is dropped (SPEC §4 "A failed messenger init clears
    /// the data"), so nothing signs in with it again.
    fn failed(&mut self, phase: Phase, cx: &mut Cx) {
        self.phase = phase;
        self.launch = None;
        cx.alert(match phase {
            Phase::Blocked => Alert::error("alerts.accountBlocked")
                .with_description("alerts.accountBlockedDescription"),
            _ => auth_error(),
        });
    }

    fn logged_in(&mut self, answer: Answer, cx: &mut Cx) {
        match calls::read::<LoginResponse>(answer) {
            Ok(login) => {
                self.phase = Phase::Idle;
                self.signed_in_at = Some(cx.now);
                self.from_login = true;
                // Silent: the player never asked to sign in. The session feature loads the
                // profile once the session has started.
                cx.msg(Msg::SignedIn {
                    token: login.access_token,
                    player_id: login.profile.id,
                    country: login.profile.country,
                });
            }
            Err(ResponseError::Network(reason)) => {
                // No verdict: keep the data; the player may retry.
                cx.log_err(LogLevel::Warn, "tg_login", &reason);
                self.phase = Phase::Idle;
                cx.error("alerts.network");
            }
            Err(ResponseError::Status { status: 403, .. }) => self.failed(Phase::Blocked, cx),
            Err(e) => {
                cx.log_err(LogLevel::Warn, "tg_login", &e);
                self.failed(Phase::AuthFailed, cx);
            }
        }
    }
}
