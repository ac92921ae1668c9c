//! The `sport` slice: what the app's widget host does with the provider SDK.

use serde::Serialize;

use super::{Sport, Theme, WidgetState};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::locale::sportsbook_culture;
use crate::domain::route::RouteName;
use crate::domain::sport::{SportSelection, LIVE_NOW_CAROUSEL, TOP_EVENTS_CAROUSEL};

/// The integration name `init` gets.
pub const INTEGRATION: &str = "croupier";

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SportView {
    /// The provider script to load (by app mode, from the config); `None` while the widget is
    /// not needed or when no script is configured.
    pub script: Option<String>,
    /// Load attempt: a new number means load the script again.
    pub attempt: u32,
    pub state: WidgetState,
    /// `init` and `set` options.
    pub integration: &'static str,
    pub culture: &'static str,
    pub theme: Theme,
    /// Blank for a guest (SPEC §6).
    pub token: String,
    /// Decimal separator of the number format.
    pub decimal: &'static str,
    /// The sportsbook on a sport page, once initiated (widgets wait for initiation).
    pub book: Option<BookView>,
    /// The home carousels, once initiated.
    pub carousels: Option<CarouselsView>,
    /// No provider script is configured for this app mode.
    pub unavailable: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BookView {
    /// The widget's route (ids and names).
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(
            type = "{ page: string; sportId: number | null; categories: { id: number; name: string }[]; championships: { id: number; name: string }[]; event: { id: number; name: string } | null }"
        )
    )]
    pub route: SportSelection,
    /// Bumped each time the address moves the widget (then `addSportsBook` again).
    pub nav: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CarouselsView {
    pub top_events: u32,
    pub live_now: u32,
}

pub fn slice(s: &Sport, shared: &Shared, config: &Config) -> SportView {
    let route = shared.route_name();
    let initiated = s.widget == WidgetState::Initiated;
    let locale = shared.locale(config).unwrap_or(&config.default_locale);
    let configured = !config.sportsbook_script.is_empty();
    SportView {
        script: (configured && s.widget != WidgetState::Idle)
            .then(|| config.sportsbook_script.clone()),
        attempt: s.attempt,
        state: s.widget,
        integration: INTEGRATION,
        culture: sportsbook_culture(Some(locale)),
        theme: s.theme,
        token: if shared.is_player() {
            s.token.clone()
        } else {
            String::new()
        },
        decimal: ".",
        book: (initiated && route == Some(RouteName::SportSlug)).then(|| BookView {
            route: s.target.clone(),
            nav: s.nav,
        }),
        carousels: (initiated && route == Some(RouteName::Index)).then_some(CarouselsView {
            top_events: TOP_EVENTS_CAROUSEL,
            live_now: LIVE_NOW_CAROUSEL,
        }),
        unavailable: !configured,
    }
}
