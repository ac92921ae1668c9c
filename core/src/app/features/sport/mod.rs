//! The sportsbook (SPEC §2 sportsbook routes, §3 start-game, §4 widget states, §6 token only
//! with a profile, §7 script by app mode, §8 failures, §9 culture and carousels).
//!
//! The provider's widget lives on the far side of the boundary: the app loads its script and
//! calls its SDK with what the `sport` slice says (script, init options, the widget's route,
//! the carousels), and reports back what the widget did (initiated, navigated, asked for a
//! sign-in, found its token stale). The sport route is the one source of truth: a widget
//! navigation becomes an address (slug shape, history entry), an address change becomes a
//! widget navigation (`book.nav` moves), and an address the widget already shows (its own
//! report, or only a modal query changed) moves nothing.

mod address;
pub mod token;
pub mod view;

use litemap::LiteMap;

use crate::app::calls::{Answer, Auth, Endpoint, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, SessionChange};
use crate::app::wire::Account;
use crate::domain::realtime::push::Push;
use crate::domain::sport::{SportInfoResponse, SportRoute, SportSelection};

/// SPEC §4: not initiated until the script loaded and `init` was called; widgets wait.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum WidgetState {
    /// Not needed yet: no script requested.
    #[default]
    Idle,
    /// The app is loading the script and calling `init`.
    Loading,
    /// The script did not load (or `init` threw): a retry is offered.
    Failed,
    Initiated,
}

/// The widget's colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Theme {
    #[default]
    Dark,
    Light,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sport {
    pub widget: WidgetState,
    /// Script load attempts (a retry bumps it, so the app loads it again).
    pub attempt: u32,
    /// The home carousels asked for the widget (they are lazy: only once in view).
    pub carousels_wanted: bool,
    /// What the widget shows, and how many times the address moved it.
    pub target: SportSelection,
    pub nav: u32,
    /// The sportsbook address last taken in (with its locale), to tell a real move.
    seen: Option<(Option<String>, SportRoute)>,
    /// An address waiting for a sport or event info answer.
    resolving: Option<SportRoute>,
    info: LiteMap<u32, SportInfoResponse>,
    /// The provider token: blank for a guest (SPEC §6).
    pub token: String,
    /// What the token in hand or in flight was asked for (account, theme).
    token_key: Option<(i64, Theme)>,
    token_loading: bool,
    accounts_loading: bool,
    /// The active account the token is for (the sportsbook reads the accounts itself).
    pub account: Option<Account>,
    pub theme: Theme,
    pub mobile: bool,
}

/// Intents from the app's widget host (`{type: "sportNavigated", route}`, ...).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SportUi {
    /// The script loaded and `init` was called.
    SportWidgetReady,
    /// The script failed to load or `init` threw.
    SportScriptFailed { reason: String },
    /// Load the script again after a failure.
    SportRetry,
    /// The widget navigated inside itself: its route, the shape the core gives it
    /// (`BookView::route`).
    SportNavigated {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "BookView[\"route\"]"))]
        route: SportSelection,
    },
    /// A guest tried to bet (or open their bets): ask them to sign in.
    SportSignIn,
    /// The provider refused the token (stale): fetch a fresh one.
    SportTokenExpired,
    /// The host's device and theme (on mount and on change).
    SportEnv {
        mobile: bool,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "\"dark\" | \"light\""))]
        theme: String,
    },
    /// The tab became visible again.
    SportVisible,
    /// The home carousels came into view.
    SportCarouselsWanted,
    /// `remove` threw; the app cleared its instance anyway.
    SportRemoveFailed { reason: String },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// The sportsbook's own read of the accounts (SPEC §7: the sportsbook's accounts call).
    Accounts,
    /// The start-game call for the sportsbook (method and path not in the spec: docs/API.md).
    Start {
        account_id: i64,
        theme: Theme,
    },
    SportInfo(u32),
    EventInfo(u64),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Accounts => Route::get("/api/wallet/accounts", Auth::Player).source(),
            Call::Start { .. } => Route::write(Method::Post, "/api/game/sport/start", Auth::Player),
            Call::SportInfo(id) => {
                Route::item(Method::Get, "/api/game/sport/info", id, "", Auth::Public)
            }
            Call::EventInfo(id) => {
                Route::item(Method::Get, "/api/game/sport/events", id, "", Auth::Public)
            }
        }
    }
}

impl Feature for Sport {
    type Ui = SportUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "sportCarouselsWanted",
        "sportEnv",
        "sportNavigated",
        "sportRemoveFailed",
        "sportRetry",
        "sportScriptFailed",
        "sportSignIn",
        "sportTokenExpired",
        "sportVisible",
        "sportWidgetReady",
    ];

    fn ui(&mut self, event: SportUi, cx: &mut Cx) {
        match event {
            SportUi::SportWidgetReady => {
                if self.widget == WidgetState::Loading {
                    self.widget = WidgetState::Initiated;
                }
            }
            SportUi::SportScriptFailed { reason } => {
                cx.log_err(LogLevel::Error, "sportsbook script", &reason);
                if self.widget != WidgetState::Initiated {
                    self.widget = WidgetState::Failed;
                }
            }
            SportUi::SportRetry => {
                if self.widget == WidgetState::Failed {
                    self.widget = WidgetState::Loading;
                    self.attempt = self.attempt.saturating_add(1);
                }
            }
            SportUi::SportNavigated { route } => self.widget_moved(route, cx),
            SportUi::SportSignIn => {
                if !cx.shared.is_player() {
                    cx.open_modal("sign-in");
                }
            }
            SportUi::SportTokenExpired => self.refresh_token(cx),
            SportUi::SportEnv { mobile, theme } => {
                self.mobile = mobile;
                let theme = if theme == "light" {
                    Theme::Light
                } else {
                    Theme::Dark
                };
                if theme != self.theme {
                    self.theme = theme;
                    self.want_token(cx);
                }
            }
            SportUi::SportVisible => {
                // SPEC §4: mobile accounts are refreshed when the tab becomes visible.
                if self.mobile {
                    self.refresh_token(cx);
                }
            }
            SportUi::SportCarouselsWanted => {
                self.carousels_wanted = true;
                self.need_widget(cx);
            }
            SportUi::SportRemoveFailed { reason } => {
                cx.log_err(LogLevel::Error, "sportsbook remove", &reason);
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(_) | Hook::Navigated { .. } => self.address_moved(cx),
            Hook::Session(SessionChange::Started { .. }) => {
                self.want_token(cx);
                false
            }
            Hook::Session(SessionChange::Ended) | Hook::Session(SessionChange::Guest) => {
                self.signed_out();
                true
            }
            Hook::Push(Push::Account(json)) => {
                match <Account as crate::app::wire::Wire>::read(json) {
                    Ok(a) => self.account_pushed(a, cx),
                    Err(_) => false,
                }
            }
            // A missed push may have switched the account.
            Hook::Refetch => {
                if cx.shared.is_player() && self.widget != WidgetState::Idle {
                    self.load_accounts(cx);
                }
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Accounts => self.accounts_answered(answer, cx),
            Call::Start { account_id, theme } => self.token_answered(account_id, theme, answer, cx),
            Call::SportInfo(id) => self.info_answered(id, answer, cx),
            Call::EventInfo(id) => self.event_answered(id, answer, cx),
        }
    }
}

impl Sport {
    /// The widget is needed (sport page or carousels): load its script once.
    fn need_widget(&mut self, cx: &mut Cx) {
        if self.widget == WidgetState::Idle && !cx.config.sportsbook_script.is_empty() {
            self.widget = WidgetState::Loading;
            self.attempt = self.attempt.saturating_add(1);
        }
        self.want_token(cx);
    }

    fn signed_out(&mut self) {
        self.token.clear();
        self.token_key = None;
        self.token_loading = false;
        self.account = None;
        self.accounts_loading = false;
    }
}
