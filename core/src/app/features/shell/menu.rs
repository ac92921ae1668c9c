//! The shell's navigation links (side drawer, mobile bottom bar, footer). Their addresses are
//! built here by the route table for the current locale, so the view never builds a URL.

use serde::Serialize;

use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::route::{self, ParamValue, Params, RouteName};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    /// Stable id; the view also picks the link's icon by it.
    pub id: String,
    /// Content key of the label, e.g. `layout.nav.casino`.
    pub label: String,
    /// The address in the current locale, e.g. `/pt-br/games`.
    pub href: String,
    /// The current page is this link's page, or lies under it (the most specific link wins).
    pub active: bool,
    /// Also shown in the mobile bottom bar.
    pub bottom: bool,
}

struct Item {
    id: &'static str,
    label: &'static str,
    route: RouteName,
    /// A single-segment parameter (`pageIdentity`, or a one-segment catch-all such as
    /// `sport/live`).
    param: Option<(&'static str, &'static str)>,
    bottom: bool,
}

const fn item(id: &'static str, label: &'static str, route: RouteName, bottom: bool) -> Item {
    Item {
        id,
        label,
        route,
        param: None,
        bottom,
    }
}

/// Drawer order; five of them also make the mobile bottom bar.
const DRAWER: &[Item] = &[
    item("home", "layout.nav.home", RouteName::Index, true),
    item("casino", "layout.nav.casino", RouteName::Games, true),
    item(
        "providers",
        "layout.nav.providers",
        RouteName::GamesProviders,
        false,
    ),
    item("sport", "layout.nav.sport", RouteName::SportSlug, true),
    Item {
        id: "live",
        label: "layout.nav.live",
        route: RouteName::SportSlug,
        param: Some(("slug", "live")),
        bottom: false,
    },
    item("bonuses", "layout.nav.bonuses", RouteName::Bonuses, true),
    item(
        "welcome-package",
        "layout.nav.welcomePackage",
        RouteName::WelcomePackage,
        false,
    ),
    item("wallet", "layout.nav.wallet", RouteName::Wallet, true),
    item(
        "favorites",
        "layout.nav.favorites",
        RouteName::Favorites,
        false,
    ),
    item(
        "recently-played",
        "layout.nav.recentlyPlayed",
        RouteName::RecentlyPlayed,
        false,
    ),
    item(
        "referral",
        "layout.nav.referral",
        RouteName::Referral,
        false,
    ),
    item("profile", "layout.nav.profile", RouteName::Profile, false),
    item(
        "questions",
        "layout.nav.questions",
        RouteName::Questions,
        false,
    ),
    item("support", "layout.nav.support", RouteName::Support, false),
    item("contact", "layout.nav.contact", RouteName::Contact, false),
];

const FOOTER: &[Item] = &[
    Item {
        id: "terms",
        label: "layout.footer.terms",
        route: RouteName::StaticPageIdentity,
        param: Some(("pageIdentity", "terms")),
        bottom: false,
    },
    Item {
        id: "privacy",
        label: "layout.footer.privacy",
        route: RouteName::StaticPageIdentity,
        param: Some(("pageIdentity", "privacy")),
        bottom: false,
    },
    Item {
        id: "responsible-gaming",
        label: "layout.footer.responsibleGaming",
        route: RouteName::StaticPageIdentity,
        param: Some(("pageIdentity", "responsible-gaming")),
        bottom: false,
    },
    item(
        "questions",
        "layout.nav.questions",
        RouteName::Questions,
        false,
    ),
    item("support", "layout.nav.support", RouteName::Support, false),
    item("contact", "layout.nav.contact", RouteName::Contact, false),
];

/// Side drawer links (with their bottom-bar flag).
pub fn drawer_links(shared: &Shared, config: &Config) -> Vec<LinkView> {
    links(shared, config, DRAWER)
}

/// Footer links.
pub fn footer_links(shared: &Shared, config: &Config) -> Vec<LinkView> {
    links(shared, config, FOOTER)
}

fn links(shared: &Shared, config: &Config, items: &[Item]) -> Vec<LinkView> {
    let default = &config.default_locale;
    let locale = shared.locale(config);
    let mut out: Vec<LinkView> = items
        .iter()
        // No link to a page the operator has no calls for (`operatorPaths`).
        .filter(|i| {
            crate::app::operator::route_needs(i.route)
                .is_none_or(|p| config.operator_paths.provides(p))
        })
        .map(|i| {
            let mut params = Params::new();
            if let Some((k, v)) = i.param {
                let value = if i.route.params().iter().any(|(n, list)| *n == k && *list) {
                    ParamValue::Many(vec![v.to_string()])
                } else {
                    ParamValue::One(v.to_string())
                };
                params.insert(k.to_string(), value);
            }
            LinkView {
                id: i.id.to_string(),
                label: i.label.to_string(),
                href: route::build(i.route, &params, locale, default),
                active: false,
                bottom: i.bottom,
            }
        })
        .collect();
    // The page is under a link when its path is the link's, or continues it with `/`; the
    // longest such link is the active one (`/sport/live` is Live, not Sport).
    let path = trim_slash(&shared.location().path);
    let home = route::home_path(locale, default);
    // (index, href length) of the longest; on a tie the later link wins.
    let mut active: Option<(usize, usize)> = None;
    for (i, l) in out.iter().enumerate() {
        let href = trim_slash(&l.href);
        let under = if l.href == home {
            path.eq_ignore_ascii_case(href)
        } else {
            path.len() >= href.len()
                && path
                    .get(..href.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(href))
                && matches!(path.as_bytes().get(href.len()), None | Some(b'/'))
        };
        if under && active.is_none_or(|(_, len)| l.href.len() >= len) {
            active = Some((i, l.href.len()));
        }
    }
    if let Some((i, _)) = active {
        if let Some(l) = out.get_mut(i) {
            l.active = true;
        }
    }
    out
}

fn trim_slash(p: &str) -> &str {
    if p.len() > 1 {
        p.strip_suffix('/').unwrap_or(p)
    } else {
        p
    }
}
