//! The content pages' group (issue 28, session 50: `pages` in registry.rs): the platform's
//! pages and `/redirect` load its chunk, the guest's home never does; the address entered while
//! the chunk loads is followed once it is here (the page is asked for then), and a failed
//! chunk asks nothing until the page's retry. The pages' own rules are content_pages_native.rs.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::pages::{self, view::ContentStatus};
use croupier_core::app::groups::LoadState;
use croupier_core::app::registry::GroupId;
use croupier_core::app::{update, view, AppUi, Config, Effect, Event, Model};
use croupier_core::domain::route::{self, ParamValue, Params, RouteName};
use support::{arrived_of, failed_of, http, loads_of, ui, NOW};

const PAGES: GroupId = GroupId::pages;

fn boot(path: &str) -> (Model, Vec<Effect>) {
    support::booted_deferred(Config::default(), path)
}

fn asks_pages(fx: &[Effect]) -> Vec<String> {
    http(fx)
        .into_iter()
        .filter(|h| h.path.starts_with("/api/content/pages"))
        .map(|h| h.path.clone())
        .collect()
}

#[test]
fn the_content_pages_and_redirect_load_the_group_and_the_home_does_not() {
    let (mut m, fx) = boot("/");
    assert_eq!(loads_of(&fx, PAGES), 0);
    assert_eq!(view(&m).groups.pages, LoadState::Idle);
    // Other pages of a guest do not either.
    for path in ["/games", "/sport", "/profile", "/?modal=sign-in"] {
        let fx = ui(&mut m, AppUi::Navigate { path: path.into() });
        assert_eq!(loads_of(&fx, PAGES), 0, "{path}");
    }
    for path in [
        "/static/terms",
        "/bonus/welcome",
        "/questions",
        "/questions/how-to-deposit",
        "/support",
        "/welcome-package",
        "/referral",
        "/about-us",
        "/redirect?url=/games",
    ] {
        let (m, fx) = boot(path);
        assert_eq!(loads_of(&fx, PAGES), 1, "{path}");
        assert_eq!(view(&m).groups.pages, LoadState::Loading, "{path}");
        // The page is asked for by the group's code, once it is here.
        assert_eq!(asks_pages(&fx), Vec::<String>::new(), "{path}");
    }
}

#[test]
fn a_page_entered_from_the_home_is_asked_for_when_the_chunk_is_here() {
    let (mut m, _) = boot("/");
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/static/terms".into(),
        },
    );
    assert_eq!(loads_of(&fx, PAGES), 1);
    assert!(asks_pages(&fx).is_empty());
    // Until then the page keeps the first view's slice: the view's skeleton.
    assert_eq!(view(&m).content_page.status, ContentStatus::None);
    let fx = arrived_of(&mut m, PAGES);
    assert_eq!(
        asks_pages(&fx),
        vec!["/api/content/pages/terms".to_string()]
    );
    assert_eq!(view(&m).content_page.status, ContentStatus::Loading);
    // A second content page later needs no load.
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/static/privacy".into(),
        },
    );
    assert_eq!(loads_of(&fx, PAGES), 0);
    assert_eq!(
        asks_pages(&fx),
        vec!["/api/content/pages/privacy".to_string()]
    );
}

#[test]
fn a_page_left_while_the_chunk_loads_is_not_asked_for() {
    let (mut m, _) = boot("/static/terms");
    ui(&mut m, AppUi::Navigate { path: "/".into() });
    let fx = arrived_of(&mut m, PAGES);
    assert!(asks_pages(&fx).is_empty(), "{fx:?}");
    assert_eq!(view(&m).content_page.status, ContentStatus::None);
}

#[test]
fn a_failed_chunk_asks_nothing_until_the_retry_then_the_page_loads() {
    let (mut m, _) = boot("/static/terms");
    let fx = failed_of(&mut m, PAGES);
    assert!(asks_pages(&fx).is_empty());
    assert_eq!(view(&m).groups.pages, LoadState::Failed);
    // The view's retry (`Core.load("pages")`).
    let fx = update(&mut m, Event::LoadGroup(PAGES), NOW);
    assert_eq!(loads_of(&fx, PAGES), 1);
    let fx = arrived_of(&mut m, PAGES);
    assert_eq!(
        asks_pages(&fx),
        vec!["/api/content/pages/terms".to_string()]
    );
    assert_eq!(view(&m).groups.pages, LoadState::Ready);
}

#[test]
fn a_redirect_to_this_site_is_followed_once_the_chunk_is_here() {
    let (mut m, _) = boot("/redirect?url=%2Fgames");
    assert_eq!(m.shared.location.path, "/redirect");
    arrived_of(&mut m, PAGES);
    assert_eq!(m.shared.location.path, "/games");
}

/// An address of `name` (every parameter "x").
fn sample(name: RouteName) -> String {
    let mut params = Params::new();
    for key in [
        "pageIdentity",
        "id",
        "connection",
        "resetCode",
        "confirmCode",
    ] {
        params.insert(key.into(), ParamValue::One("x".into()));
    }
    params.insert("slug".into(), ParamValue::Many(vec!["x".into()]));
    route::try_build(name, &params, None, "en").unwrap_or_else(|| panic!("{name:?}"))
}

/// The group's addresses (`pages::ROUTES`, which `groups::wanted_at` reads) are exactly those
/// the pages code serves: with the code here at once (natively), an address asks for a page
/// or the questions list, or (`/redirect`) offers the address it was given, only if listed.
#[test]
fn the_groups_addresses_are_the_ones_its_code_serves() {
    for name in RouteName::ALL {
        let listed = pages::ROUTES.contains(&name);
        if name == RouteName::Redirect {
            assert!(listed);
            let (mut m, _) = boot("/redirect?url=https%3A%2F%2Fa.example");
            arrived_of(&mut m, PAGES);
            assert!(view(&m).content_page.redirect.is_some());
            continue;
        }
        let path = sample(name);
        let (mut m, fx) = boot(&path);
        assert_eq!(loads_of(&fx, PAGES), usize::from(listed), "{path}");
        let fx = arrived_of(&mut m, PAGES);
        assert_eq!(!asks_pages(&fx).is_empty(), listed, "{path}: {fx:?}");
    }
}
