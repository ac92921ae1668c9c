//! The `nav` slice: the page the address names (or its error), locales, the open modal,
//! the drawer, the preloader and the shell's links.

use litemap::LiteMap;
use serde::Serialize;

use super::menu::{self, LinkView};
use super::{Preloader, Shell};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::{locale, route};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NavView {
    /// Path without query or hash, e.g. `/pt-br/wallet`.
    pub path: String,
    /// Path, query and hash as in the address bar.
    pub full_path: String,
    /// The page to render, or None with `error` set.
    pub page: Option<PageView>,
    pub error: Option<ErrorView>,
    /// Current locale code (`en` when unprefixed).
    pub locale: String,
    pub locales: Vec<LocaleOption>,
    /// The localised home (`/` or `/pt-br`).
    pub home_path: String,
    /// Every route without parameters by name (`wallet-history`), in the current locale
    /// (`/pt-br/wallet/history`): the view's in-app links come from here, never a bare path.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub paths: LiteMap<String, String>,
    pub modal: Option<ModalView>,
    pub drawer_open: bool,
    pub drawer_compact: bool,
    pub preloader: Preloader,
    /// Side drawer links (`bottom` ones also in the mobile bar), hrefs in the current locale.
    pub links: Vec<LinkView>,
    pub footer_links: Vec<LinkView>,
    /// Offline: what the page shows is the last saved state, of this time (`DD.MM HH:mm`);
    /// actions that need the network say so.
    pub offline: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Layout {
    Default,
    Empty,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PageView {
    /// Route name without the `locale-` prefix, e.g. `game-id`.
    pub name: String,
    /// Full route name, e.g. `locale-game-id`.
    pub route_name: String,
    /// `{name}-page` (SPEC §2 skeleton names).
    pub skeleton: String,
    pub layout: Layout,
    pub client_only: bool,
    /// Catch-all parameters joined with `/`.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub params: LiteMap<String, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ErrorView {
    pub status: u16,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LocaleOption {
    pub code: String,
    pub name: String,
    /// This page in that locale.
    pub href: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ModalView {
    /// SPEC §2 identifier, e.g. `sign-in`.
    pub id: String,
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub params: LiteMap<String, String>,
}

/// The address, the modal host, the shell and the locale names (settings).
pub fn slice(shell: &Shell, shared: &Shared, config: &Config) -> NavView {
    let default = &config.default_locale;
    let locale = shared.locale(config).map(str::to_string);
    let route = shared.route();
    let withdrawn = route.ok().and_then(|r| {
        r.route_name()
            .and_then(crate::app::operator::route_needs)
            .filter(|p| !config.operator_paths.provides(*p))
    });
    let (page, error) = match route {
        // A page whose calls the operator does not have (`operatorPaths`) does not exist here.
        Ok(_) if withdrawn.is_some() => (
            None,
            Some(ErrorView {
                status: 404,
                message: format!("Page not found: {}", shared.location().path),
            }),
        ),
        Ok(r) => {
            let mut params = LiteMap::new();
            for (k, v) in r.params.iter() {
                params.insert(k.clone(), v.joined());
            }
            let name = r
                .name
                .strip_prefix(route::LOCALE_PREFIX)
                .unwrap_or(&r.name)
                .to_string();
            let layout = match r.layout {
                route::Layout::Empty => Layout::Empty,
                _ => Layout::Default,
            };
            (
                Some(PageView {
                    skeleton: r.skeleton_name(),
                    name,
                    route_name: r.name.clone(),
                    layout,
                    client_only: r.client_only,
                    params,
                }),
                None,
            )
        }
        Err(e) => (
            None,
            Some(ErrorView {
                status: e.status(),
                message: e.message().to_string(),
            }),
        ),
    };
    let locales = shared
        .locale_codes(config)
        .into_iter()
        .map(|code| {
            let href = match route {
                Ok(r) => r
                    .route_name()
                    .and_then(|n| route::try_build(n, &r.params, Some(code), default)),
                Err(_) => None,
            }
            .unwrap_or_else(|| route::home_path(Some(code), default));
            let name = shared
                .locales()
                .iter()
                .find(|l| l.code == code)
                .and_then(|l| l.name.clone())
                .unwrap_or_else(|| code.to_string());
            let active = locale
                .as_deref()
                .unwrap_or(default)
                .eq_ignore_ascii_case(code);
            LocaleOption {
                code: code.to_string(),
                name,
                href,
                active,
            }
        })
        .collect();
    let modal = shared.modal().map(|(m, modal_params)| {
        let mut params = LiteMap::new();
        for (k, v) in modal_params {
            params.insert(k.clone(), v.clone());
        }
        ModalView {
            id: m.query_value().to_string(),
            params,
        }
    });
    NavView {
        path: shared.location().path.clone(),
        full_path: shared.location().full_path(),
        page,
        error,
        locale: locale.clone().unwrap_or_else(|| default.clone()),
        locales,
        home_path: route::home_path(locale.as_deref(), default),
        paths: route::static_paths(locale.as_deref(), default),
        modal,
        drawer_open: shell.drawer_open,
        drawer_compact: shell.drawer_compact,
        preloader: shell.preloader,
        links: menu::drawer_links(shared, config),
        footer_links: menu::footer_links(shared, config),
        offline: shell.offline_since.map(|(at, offset)| {
            let parts = locale::parts_from_ms(i64::try_from(at).unwrap_or(i64::MAX), offset);
            shared.text("layout.offline").replace(
                "{time}",
                &locale::format_date(&parts, locale::DateFormat::DayMonthTime),
            )
        }),
    }
}
