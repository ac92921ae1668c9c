//! Social sign-in and linking, and auto-login (SPEC §1 sign-in ways, §2 `/auth/social/
//! {connection}/callback`, `/auth/autologin`, navigation outcomes; §7 `sessions/social`,
//! `social-connections`, `sessions/token`).
//!
//! Social: the page goes to the platform's authorize address with a `state` made from the
//! page's random seed, kept in sessionStorage with the connection, the purpose (sign-in or
//! link) and the address to come back to (backRoute). The provider sends the browser to the
//! callback with `code` and the same `state`; a state that does not match what this tab kept is
//! refused before anything is sent. Sign-in ends at backRoute (else home), linking at
//! /profile. Auto-login trades the address's one-time token for a session.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{Effect, LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, SessionStatus};
use crate::app::operator::OperatorPath;
use crate::app::registry::Req;
use crate::app::stored::Stored;
use crate::app::wire::LoginResponse;
use crate::domain::alert::Alert;
use crate::domain::route::{self, RouteName};
use crate::json::Json;
use serde::Serialize;

/// sessionStorage: `state connection purpose backRoute` of the round trip under way.
pub const PENDING_KEY: &str = "socialAuth";
/// The social round trip this tab started, kept for the provider's return.
pub const PENDING: Stored = Stored::session(PENDING_KEY);
/// The affiliate tag cookie, declared and written by the referral feature: read here too,
/// because the callback is finished during the boot, before the referral's capture reaches
/// `Shared::affiliate`.
const AFFILIATE_TAG: Stored = Stored::cookie(crate::domain::affiliate::TAG_COOKIE);

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Social {
    /// Random per page load (the runtime's), the base of each `state`.
    seed: String,
    /// The page's origin, for the callback address the provider returns to.
    origin: String,
    /// The affiliate capture's tag cookie as the page started: the callback is finished during
    /// the boot, before the capture's message reaches `Shared::affiliate`.
    tag: Option<String>,
    /// The round trip this tab started (read back at start after the provider).
    pending: Option<Pending>,
    /// A callback or auto-login being finished: the page shows the preloader meanwhile.
    pub busy: bool,
    /// The callback or auto-login already handled on this page.
    handled: bool,
    pub links: Vec<Link>,
    pub links_loaded: bool,
    /// The provider being unlinked.
    pub unlinking: Option<String>,
    /// What went wrong on the callback page (shown there with a way on).
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub state: String,
    pub connection: String,
    pub link: bool,
    pub back: String,
}

impl Pending {
    fn write(&self) -> String {
        let purpose = if self.link { "link" } else { "login" };
        [self.state.as_str(), &self.connection, purpose, &self.back].join(" ")
    }

    pub fn read(s: &str) -> Option<Pending> {
        let mut parts = s.splitn(4, ' ');
        let state = parts.next()?.to_string();
        let connection = parts.next()?.to_string();
        let link = parts.next()? == "link";
        let back = parts.next().unwrap_or("/").to_string();
        (!state.is_empty() && back.starts_with('/')).then_some(Pending {
            state,
            connection,
            link,
            back,
        })
    }
}

/// A linked social account (`GET /api/profile/social`'s rows, `{socialType, email}`): rows
/// without a type are left out, an odd e-mail is empty.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct Link {
    #[serde(rename = "socialType")]
    pub connection: String,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub email: String,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SocialUi {
    /// Go to the provider to sign in (guest) or to link it (player).
    SocialStart {
        connection: String,
    },
    SocialUnlink {
        connection: String,
    },
}

/// The sign-in with a provider's code (SPEC §7 social login); the affiliate tag is `null`
/// when there is none.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody<'a> {
    pub connection: &'a str,
    pub redirect_uri: &'a str,
    pub source: &'a str,
    pub platform: &'a str,
    pub affiliate_tag: Option<&'a str>,
}

/// Linking a provider to the signed-in player.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkBody<'a> {
    pub redirect_uri: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnlinkBody<'a> {
    pub social_type: &'a str,
}

/// The auto-login link's token exchanged for a session.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenBody<'a> {
    pub token: &'a str,
    pub source: &'a str,
    pub platform: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Login {
        code: String,
        state: String,
    },
    Link {
        connection: String,
        code: String,
        state: String,
    },
    Links,
    Unlink,
    Token,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        use Method::Post;
        match self {
            Call::Login { code, state } => {
                Route::write(Post, "/api/player/sessions/social", Auth::Public)
                    .source()
                    .guarded()
                    .query(&[("code", code), ("state", state)])
            }
            Call::Link {
                connection,
                code,
                state,
            } => Route::item(
                Post,
                "/api/player/social-connections",
                connection,
                "",
                Auth::Player,
            )
            .query(&[("code", code), ("state", state)]),
            Call::Links => Route::get("/api/player/social-connections", Auth::Player),
            Call::Unlink => {
                Route::write(Post, "/api/player/social-connections/unlink", Auth::Player)
            }
            // A sign-in like the login: the runtime adds the fingerprints (`guarded`).
            Call::Token => Route::write(Post, "/api/player/sessions/token", Auth::Public)
                .source()
                .guarded(),
        }
    }
}

impl Feature for Social {
    type Ui = SocialUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &["socialStart", "socialUnlink"];
    const STORED: &'static [Stored] = &[PENDING];

    fn ui(&mut self, event: SocialUi, cx: &mut Cx) {
        match event {
            SocialUi::SocialStart { connection } => self.start(&connection, cx),
            SocialUi::SocialUnlink { connection } => {
                if cx.shared.is_player() && self.unlinking.is_none() {
                    self.unlinking = Some(connection.clone());
                    cx.call(
                        Req::Social(Call::Unlink),
                        Some(crate::json::body(&UnlinkBody {
                            social_type: &connection,
                        })),
                    );
                }
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                self.seed = boot.seed.clone();
                self.origin = boot.origin.clone();
                self.tag = boot.stored.get(AFFILIATE_TAG).map(str::to_string);
                self.pending = boot.stored.get(PENDING).and_then(Pending::read);
                false
            }
            Hook::Session(SessionChange::Ended) => {
                self.links = Vec::new();
                self.links_loaded = false;
                self.arrived(cx)
            }
            Hook::Session(_) | Hook::Navigated { .. } => self.arrived(cx),
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Login { .. } | Call::Token => {
                let back = self.pending.take().map(|p| p.back);
                match calls::read::<LoginResponse>(answer) {
                    Ok(login) => {
                        self.busy = false;
                        cx.msg(Msg::SignedIn {
                            token: login.access_token,
                            player_id: login.profile.id,
                            country: login.profile.country,
                        });
                        // The address first: a route change hides the alerts shown before it.
                        match back {
                            Some(url) => cx.msg(Msg::Navigate { url, replace: true }),
                            None => cx.msg(Msg::GoHome { modal: None }),
                        }
                        cx.welcome(login.profile.is_newly_registered == Some(true));
                    }
                    Err(e) => self.failed("social sign-in", e, cx),
                }
            }
            Call::Link { .. } => {
                self.pending = None;
                match calls::read_json(answer) {
                    Ok(v) => {
                        self.busy = false;
                        self.set_links(&v);
                        cx.msg(Msg::Navigate {
                            url: profile_url(cx),
                            replace: true,
                        });
                        cx.success("alerts.socialLinked");
                    }
                    Err(e) => self.failed("social link", e, cx),
                }
            }
            Call::Links => match calls::read_json(answer) {
                Ok(v) => self.set_links(&v),
                Err(e) => cx.log_err(LogLevel::Warn, "social links", &e),
            },
            Call::Unlink => {
                self.unlinking = None;
                match calls::read_json(answer) {
                    Ok(v) => {
                        self.set_links(&v);
                        cx.success("alerts.socialUnlinked");
                    }
                    Err(e) => cx.alert(refusal(&e)),
                }
            }
        }
    }
}

impl Social {
    fn start(&mut self, connection: &str, cx: &mut Cx) {
        let known = crate::app::operator::SOCIAL_PROVIDERS
            .iter()
            .any(|(id, _)| *id == connection);
        if !known || cx.shared.status == SessionStatus::Booting {
            return;
        }
        let Some(authorize) = cx.config.operator_paths.path(OperatorPath::SocialLogin) else {
            cx.log(
                LogLevel::Warn,
                "social sign-in: the operator has no socialLogin path",
            );
            return;
        };
        let authorize = authorize.to_string();
        let link = cx.shared.is_player();
        // backRoute: where the sign-in was asked from, without the modal that asked.
        let mut here = cx.shared.location.clone();
        here.query.retain(|(k, _)| k != "modal");
        let back = if link {
            "/profile".into()
        } else {
            here.full_path()
        };
        let pending = Pending {
            state: self.seed.clone() + &(cx.now % 100_000).to_string(),
            connection: connection.to_string(),
            link,
            back,
        };
        cx.effect(Effect::StoreSession {
            key: PENDING_KEY.into(),
            value: Some(pending.write()),
        });
        let url = [
            cx.config.api_base.trim_end_matches('/'),
            &authorize,
            "/",
            connection,
            "/authorize",
            &crate::app::calls::query::encode_query(&[
                ("redirect_uri".into(), self.callback(connection)),
                ("state".into(), pending.state.clone()),
            ]),
        ]
        .concat();
        self.pending = Some(pending);
        cx.effect(Effect::Load { url });
    }

    fn callback(&self, connection: &str) -> String {
        format!("{}/auth/social/{connection}/callback", self.origin)
    }

    /// On the callback or auto-login page, once the session is known: finish what it brings.
    fn arrived(&mut self, cx: &mut Cx) -> bool {
        if cx.shared.status == SessionStatus::Booting {
            return false;
        }
        let Ok(r) = &cx.shared.route else {
            return false;
        };
        let q = &cx.shared.location;
        let name = r.route_name();
        if name == Some(RouteName::ProfileInfo) {
            if cx.shared.is_player() && !self.links_loaded {
                cx.call(Req::Social(Call::Links), None);
            }
            return false;
        }
        if self.handled {
            return false;
        }
        match name {
            Some(RouteName::AuthSocialConnectionCallback) => {
                self.handled = true;
                let connection = r.param("connection").unwrap_or_default().to_string();
                let code = q.query_value("code").unwrap_or_default().to_string();
                let state = q.query_value("state").unwrap_or_default().to_string();
                let denied = q.query_value("error").is_some();
                let pending = self.pending.clone();
                cx.effect(Effect::StoreSession {
                    key: PENDING_KEY.into(),
                    value: None,
                });
                let Some(p) = pending.filter(|p| {
                    !p.state.is_empty() && p.state == state && p.connection == connection
                }) else {
                    // Not the round trip this tab started (or its storage is gone).
                    cx.log(LogLevel::Warn, "social callback: state does not match");
                    self.error = Some(cx.text("layout.social.stateMismatch"));
                    drop_code(&cx.shared.location.path.clone(), cx);
                    return true;
                };
                if denied || code.is_empty() {
                    self.pending = None;
                    cx.msg(Msg::Navigate {
                        url: p.back,
                        replace: true,
                    });
                    cx.error("alerts.socialCancelled");
                    return true;
                }
                let redirect = self.callback(&connection);
                let body = crate::json::body(&LoginBody {
                    connection: &connection,
                    redirect_uri: &redirect,
                    source: cx.config.source(),
                    platform: &cx.config.platform,
                    affiliate_tag: cx.shared.affiliate.stag.as_deref().or(self.tag.as_deref()),
                });
                self.busy = true;
                if p.link {
                    if !cx.shared.is_player() {
                        self.busy = false;
                        self.error = Some(cx.text("layout.social.signedOut"));
                        drop_code(&cx.shared.location.path.clone(), cx);
                        return true;
                    }
                    cx.call(
                        Req::Social(Call::Link {
                            connection,
                            code,
                            state,
                        }),
                        Some(crate::json::body(&LinkBody {
                            redirect_uri: &redirect,
                        })),
                    );
                } else {
                    cx.call(Req::Social(Call::Login { code, state }), Some(body));
                }
                true
            }
            Some(RouteName::AuthAutologin) => {
                self.handled = true;
                let token = q
                    .query_value("token")
                    .or_else(|| q.query_value("state"))
                    .unwrap_or_default()
                    .to_string();
                if token.is_empty() {
                    // A link cut short: say so here rather than sign in nobody.
                    self.error = Some(cx.text("layout.autologin.missing"));
                    return true;
                }
                if cx.shared.is_player() {
                    cx.msg(Msg::GoHome { modal: None });
                    return false;
                }
                self.busy = true;
                let body = TokenBody {
                    token: &token,
                    source: cx.config.source(),
                    platform: &cx.config.platform,
                };
                cx.send(Req::Social(Call::Token), &body);
                true
            }
            _ => false,
        }
    }

    fn set_links(&mut self, v: &Json) {
        self.links_loaded = true;
        // Not a list: none.
        self.links = crate::json::lenient_items(v).unwrap_or_default();
    }

    /// The round trip failed: say why and go on (home with sign-in for a sign-in).
    fn failed(&mut self, what: &str, e: ResponseError, cx: &mut Cx) {
        self.busy = false;
        cx.log_err(LogLevel::Warn, what, &e);
        if what == "social link" {
            cx.msg(Msg::Navigate {
                url: profile_url(cx),
                replace: true,
            });
        } else {
            cx.msg(Msg::GoHome {
                modal: Some("sign-in".into()),
            });
        }
        cx.alert(refusal(&e));
    }
}

/// The callback's address without the code and state: they are of no more use, and without
/// them the preloader goes (SPEC §2 keeps it only while code and state are there).
fn drop_code(path: &str, cx: &mut Cx) {
    cx.msg(Msg::Navigate {
        url: path.to_string(),
        replace: true,
    });
}

/// /profile in the page's locale (SPEC §2: after linking the player goes to /profile).
fn profile_url(cx: &Cx) -> String {
    let home = route::home_path(cx.shared.locale(cx.config), &cx.config.default_locale);
    home.trim_end_matches('/').to_owned() + "/profile"
}

/// An error alert carrying the server's sentence when it sent one.
fn refusal(e: &ResponseError) -> Alert {
    let alert = Alert::error("alerts.socialFailed");
    match e {
        ResponseError::Status { error, .. } if !error.message.is_empty() => {
            alert.with_description(&error.message)
        }
        _ => alert,
    }
}
