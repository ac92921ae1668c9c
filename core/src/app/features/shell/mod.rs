//! The shell around every page (SPEC §2): the side drawer, the preloader and the new-build
//! check (SPEC §7 Other). The address and modals are the parent's (app/address.rs).

pub mod menu;
pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::{Effect, LogLevel};
use crate::app::feature::{Cx, Feature, Hook, Msg};
use crate::app::registry::{Req, Tick};
use crate::app::stored::Stored;
use crate::domain::route;

/// How often the shell asks whether a new build is out (the spec leaves it open).
pub const VERSION_POLL_MS: u32 = 60_000;
pub const DRAWER_COMPACT_KEY: &str = "IS_DRAWER_COMPACT";
/// The compact drawer, kept on this device (SPEC §9): `true`, or absent.
pub const DRAWER_COMPACT: Stored = Stored::local(DRAWER_COMPACT_KEY);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Preloader {
    /// Shown until a page is ready.
    #[default]
    Shown,
    /// Fading out.
    Hiding,
    Removed,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shell {
    pub drawer_open: bool,
    /// Persists as IS_DRAWER_COMPACT (SPEC §9).
    pub drawer_compact: bool,
    pub preloader: Preloader,
    /// Build id seen first (SPEC §7 Other).
    build_id: Option<String>,
    /// Offline: the oldest saved answer shown since the network went away (ms, UTC offset).
    pub offline_since: Option<(u64, i32)>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ShellUi {
    ToggleDrawer,
    CloseDrawer,
    SetDrawerCompact {
        compact: bool,
    },
    /// The page finished rendering: the preloader leaves after 1 s (SPEC §2).
    PageReady,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// `/builds/latest.json?timestamp=…` (never cached).
    Version { at: u64 },
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let Call::Version { at } = self;
        Route::get("/builds/latest.json", Auth::Public).query(&[("timestamp", &at.to_string())])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellTick {
    HidePreloader,
    RemovePreloader,
    PollVersion,
    /// Where the last answer came from (runtime/http.rs): the service worker's offline copy
    /// kept at `cached_at` (ms; the page's UTC offset in minutes), or the network (`None`).
    Freshness {
        cached_at: Option<u64>,
        offset_minutes: i32,
    },
}

/// `/build.json`'s `{id}`.
#[derive(serde::Deserialize)]
struct Build {
    id: String,
}

impl crate::app::wire::Wire for Build {
    fn read(v: &crate::json::Json) -> Result<Self, String> {
        serde::Deserialize::deserialize(v).map_err(|e: serde_json::Error| e.to_string())
    }
}

impl Feature for Shell {
    type Ui = ShellUi;
    type Call = Call;
    type Tick = ShellTick;
    const STORED: &'static [Stored] = &[DRAWER_COMPACT];

    fn ui(&mut self, event: ShellUi, cx: &mut Cx) {
        match event {
            ShellUi::ToggleDrawer => self.drawer_open = !self.drawer_open,
            ShellUi::CloseDrawer => self.drawer_open = false,
            ShellUi::SetDrawerCompact { compact } => {
                self.drawer_compact = compact;
                cx.effect(Effect::StoreLocal {
                    key: DRAWER_COMPACT_KEY.into(),
                    value: compact.then(|| "true".into()),
                });
            }
            ShellUi::PageReady => self.page_ready(cx),
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                self.drawer_compact = boot.stored.get(DRAWER_COMPACT) == Some("true");
                poll_version(cx);
                true
            }
            // SPEC §2: a changed full path closes the side drawer.
            Hook::Navigated { from } => {
                let close = self.drawer_open
                    && route::full_path_change_closes_drawer(from, &cx.shared.location);
                if close {
                    self.drawer_open = false;
                }
                close
            }
            _ => false,
        }
    }

    fn tick(&mut self, tick: ShellTick, cx: &mut Cx) {
        match tick {
            ShellTick::HidePreloader => {
                self.preloader = Preloader::Hiding;
                cx.timer(500, Tick::Shell(ShellTick::RemovePreloader));
            }
            ShellTick::RemovePreloader => self.preloader = Preloader::Removed,
            ShellTick::PollVersion => poll_version(cx),
            ShellTick::Freshness {
                cached_at,
                offset_minutes,
            } => {
                self.offline_since = cached_at.map(|at| match self.offline_since {
                    Some((seen, _)) if seen < at => (seen, offset_minutes),
                    _ => (at, offset_minutes),
                });
            }
        }
    }

    fn answered(&mut self, _call: Call, answer: Answer, cx: &mut Cx) {
        match calls::read::<Build>(answer) {
            Ok(b) => match &self.build_id {
                None => self.build_id = Some(b.id),
                Some(seen) if *seen != b.id => cx.msg(Msg::UpdateReady),
                Some(_) => {}
            },
            // The dev server has no build file: nothing to compare, nothing to do.
            Err(e) => cx.log_err(LogLevel::Info, "build check", &e),
        }
    }
}

impl Shell {
    /// SPEC §2, §9: hidden 1 s after a page finishes (fade 500 ms, removed at 1000 ms), but it
    /// stays on auto-login with a state parameter and on a social callback with code and state.
    fn page_ready(&mut self, cx: &mut Cx) {
        if self.preloader != Preloader::Shown {
            return;
        }
        if let Ok(r) = &cx.shared.route {
            if route::preloader_stays(r, &cx.shared.location.query) {
                return;
            }
        }
        cx.timer(1000, Tick::Shell(ShellTick::HidePreloader));
    }
}

fn poll_version(cx: &mut Cx) {
    cx.call(Req::Shell(Call::Version { at: cx.now }), None);
    cx.timer(VERSION_POLL_MS, Tick::Shell(ShellTick::PollVersion));
}
