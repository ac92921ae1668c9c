//! The game page (/game/{id}): the game's facts, the mode (real for a player; a guest is
//! offered demo-game, or demo-unavailable when the game has none; mobile-game for a
//! desktop-only game on a phone), the launch call and its URL, and the way back (returnGame,
//! SPEC §9).

use crate::app::calls::{Answer, ResponseError};
use crate::app::effect::Effect;
use crate::app::feature::{Cx, Msg, SessionStatus, Signal};
use crate::app::registry::Req;
use crate::app::stored::Stored;

use super::catalogue::{Catalogue, GameAnswer};
use super::Call;

pub const RETURN_GAME_KEY: &str = "returnGame";
/// The page to go back to from a game, for this tab.
pub const RETURN_GAME: Stored = Stored::session(RETURN_GAME_KEY);

/// `POST /api/game/games/{identity}/play` (SPEC §7): the game's address.
#[derive(serde::Deserialize)]
struct Started {
    url: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    pub name: String,
    pub provider: String,
    pub provider_identity: String,
    pub has_demo: bool,
    pub desktop_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Launch {
    /// The open game page's id.
    pub identity: Option<String>,
    pub info: Option<GameInfo>,
    /// The game does not exist (error page).
    pub missing: bool,
    pub url: Option<String>,
    pub demo: bool,
    pub starting: bool,
    /// Text key of a failed launch (the page offers a retry).
    pub error: Option<String>,
    /// Where "back" goes (sessionStorage `returnGame`).
    pub return_to: Option<String>,
    pub mobile: bool,
    /// A launch waiting for the player's protection to allow it (issue 30's session length):
    /// real (`false`) or demo.
    pub held: Option<bool>,
}

impl Launch {
    pub fn address(
        &mut self,
        game: Option<String>,
        from: Option<String>,
        cat: &Catalogue,
        cx: &mut Cx,
    ) {
        if game == self.identity {
            return;
        }
        let return_to = self.return_to.take();
        let mobile = self.mobile;
        *self = Launch {
            mobile,
            return_to,
            ..Launch::default()
        };
        let Some(id) = game else { return };
        // Came from a page that is not a game: that is where "back" goes.
        if let Some(from) = from.filter(|f| !f.contains("/game/")) {
            cx.effect(Effect::StoreSession {
                key: RETURN_GAME_KEY.into(),
                value: Some(from.clone()),
            });
            self.return_to = Some(from);
        }
        // The catalogue may know it already; the game call is the authority either way.
        if let Some(g) = cat.game(&id).and_then(|i| cat.games.get(i)) {
            self.info = Some(GameInfo {
                name: g.name.clone(),
                provider: cat
                    .providers
                    .get(usize::from(g.provider))
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                provider_identity: cat
                    .providers
                    .get(usize::from(g.provider))
                    .map(|p| p.identity.clone())
                    .unwrap_or_default(),
                has_demo: g.flags & super::catalogue::HAS_DEMO != 0,
                desktop_only: g.flags & super::catalogue::DESKTOP_ONLY != 0,
            });
        }
        cx.call(Req::Games(Call::Game(id.clone())), None);
        self.identity = Some(id);
    }

    pub fn game_answered(&mut self, id: &str, answer: Answer, cx: &mut Cx) {
        if self.identity.as_deref() != Some(id) {
            return;
        }
        match answer {
            Err(ResponseError::Status { status: 404, .. }) => {
                self.missing = true;
                self.info = None;
            }
            Err(_) => {
                if self.info.is_none() {
                    self.error = Some("global-components.games.loadFailed".into());
                }
            }
            Ok(text) => {
                // The game's own answer (SPEC §3 Game): its name and its provider's are needed.
                let info = crate::json::from_str::<GameAnswer>(&text).and_then(|g| {
                    let (Some(name), Some(provider), Some(provider_identity)) =
                        (g.name.clone(), g.provider_name(), g.provider_identity())
                    else {
                        return Err("no name, provider name or provider identity".to_string());
                    };
                    Ok(GameInfo {
                        name,
                        provider: provider.to_string(),
                        provider_identity: provider_identity.to_string(),
                        has_demo: g.has_demo.unwrap_or(false),
                        desktop_only: !g.is_mobile.unwrap_or(true),
                    })
                });
                match info {
                    Ok(i) => {
                        self.info = Some(i);
                        self.error = None;
                        self.start(cx);
                    }
                    Err(why) => cx.log(
                        crate::app::effect::LogLevel::Warn,
                        &format!("games: unreadable game: {why}"),
                    ),
                }
            }
        }
    }

    /// First look at the game: a player plays for real; a guest gets the demo offer.
    fn start(&mut self, cx: &mut Cx) {
        if self.url.is_some() || self.starting {
            return;
        }
        let Some(info) = &self.info else { return };
        if self.mobile && info.desktop_only {
            cx.open_modal("mobile-game");
        } else if cx.shared.status == SessionStatus::Booting {
            // A stored session is being restored: a player must not see the guest's demo
            // offer flash; `session_known` or `session_started` comes next.
        } else if cx.shared.is_player() {
            self.play(false, cx);
        } else if info.has_demo {
            cx.open_modal("demo-game");
        } else {
            cx.open_modal("demo-unavailable");
        }
    }

    /// The view told the device (it may come after the game's facts): a desktop-only game
    /// not started yet on a phone gets mobile-game instead of the offer made for a desktop.
    pub fn device(&mut self, mobile: bool, cx: &mut Cx) {
        let was = self.mobile;
        self.mobile = mobile;
        let desktop_only = self.info.as_ref().is_some_and(|i| i.desktop_only);
        if mobile && !was && desktop_only && self.url.is_none() && !self.starting {
            cx.open_modal("mobile-game");
        }
    }

    /// The visitor is known to be a guest (no stored session, or it could not be restored):
    /// a game page opened while that was unknown offers the demo now.
    pub fn session_known(&mut self, cx: &mut Cx) {
        if self.identity.is_some() {
            self.start(cx);
        }
    }

    pub fn session_started(&mut self, cx: &mut Cx) {
        if self.identity.is_some() && (self.url.is_none() || self.demo) && !self.starting {
            self.url = None;
            self.play(false, cx);
        }
    }

    pub fn play(&mut self, demo: bool, cx: &mut Cx) {
        let (Some(_), Some(info)) = (&self.identity, &self.info) else {
            return;
        };
        if demo && !info.has_demo {
            cx.open_modal("demo-unavailable");
            return;
        }
        if !demo && !cx.shared.is_player() {
            cx.open_modal("sign-in");
            return;
        }
        if self.mobile && info.desktop_only {
            cx.open_modal("mobile-game");
            return;
        }
        self.starting = true;
        self.error = None;
        self.demo = demo;
        // The protection feature answers `LaunchAllowed` unless the player's session length
        // has passed (then it asks first): in this same update, or once its lazily loaded
        // code arrives. A guest has no play session (and never loads that code): at once.
        self.held = Some(demo);
        if cx.shared.is_player() {
            cx.msg(Msg::Signal(Signal::LaunchWanted));
        } else {
            self.allowed(cx);
        }
    }

    /// The player's protection allowed the held launch: the launch call goes now.
    pub fn allowed(&mut self, cx: &mut Cx) {
        let (Some(demo), Some(id)) = (self.held.take(), &self.identity) else {
            return;
        };
        let body = crate::json::body(&PlayBody { demo });
        cx.call(
            Req::Games(Call::Play {
                identity: id.clone(),
                demo,
            }),
            Some(body),
        );
    }

    pub fn retry(&mut self, cx: &mut Cx) {
        if self.info.is_none() {
            if let Some(id) = self.identity.clone() {
                cx.call(Req::Games(Call::Game(id)), None);
            }
            return;
        }
        self.play(self.demo, cx);
    }

    /// The launch URL, or a message and a retry. Returns the played entry of a real launch.
    pub fn play_answered(
        &mut self,
        id: &str,
        demo: bool,
        answer: Answer,
        cx: &mut Cx,
    ) -> Option<String> {
        if self.identity.as_deref() != Some(id) {
            return None;
        }
        self.starting = false;
        let url = answer
            .as_ref()
            .ok()
            .and_then(|t| crate::json::from_str::<Started>(t).ok())
            .map(|s| s.url);
        match (answer, url) {
            (Ok(_), Some(url)) => {
                self.url = Some(url);
                self.demo = demo;
                cx.close_modal();
                let info = self.info.as_ref()?;
                (!demo).then(|| format!("{}/{id}", info.provider_identity))
            }
            (Err(ResponseError::Status { error, .. }), _) if error.code == "demo_unavailable" => {
                cx.open_modal("demo-unavailable");
                None
            }
            // The player's own limit (a self-exclusion, a cooling-off) refuses real play.
            (Err(ResponseError::Status { error, .. }), _) if error.code == "game_limit_reached" => {
                cx.msg(Msg::Signal(crate::app::feature::Signal::LimitReached));
                cx.open_modal("game-limit-reached");
                None
            }
            (Err(ResponseError::Status { status: 401, .. }), _) if !cx.shared.is_player() => {
                cx.open_modal("sign-in");
                None
            }
            _ => {
                self.error = Some("global-components.games.launchFailed".into());
                None
            }
        }
    }

    pub fn signed_out(&mut self) {
        // A launch held for the player's answer is the player's: gone with them.
        if self.held.take().is_some() {
            self.starting = false;
        }
        if !self.demo {
            self.url = None;
        }
    }
}

/// A game's launch, for money or for fun.
#[derive(serde::Serialize)]
pub struct PlayBody {
    pub demo: bool,
}
