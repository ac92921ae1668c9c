//! The shell's view: locale-aware navigation links and the texts every route and modal needs.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::app::features::content;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
use croupier_core::app::{update, view, Config, Event, Model};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use croupier_core::domain::modal::ModalId;
use croupier_core::domain::route::{self, RouteName};

fn at(path: &str) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: path.into(),
            boot: Default::default(),
        },
        1_700_000_000_000,
    );
    m
}

fn hrefs(m: &Model) -> Vec<(String, String)> {
    view(m)
        .nav
        .links
        .into_iter()
        .map(|l| (l.id, l.href))
        .collect()
}

fn active(m: &Model) -> Vec<String> {
    let v = view(m).nav;
    v.links
        .into_iter()
        .chain(v.footer_links)
        .filter(|l| l.active)
        .map(|l| l.id)
        .collect()
}

#[test]
fn links_follow_the_locale_of_the_address() {
    let en = hrefs(&at("/"));
    assert!(en.contains(&("home".into(), "/".into())));
    assert!(en.contains(&("casino".into(), "/games".into())));
    assert!(en.contains(&("live".into(), "/sport/live".into())));
    let pt = hrefs(&at("/pt-br/wallet"));
    assert!(pt.contains(&("home".into(), "/pt-br".into())));
    assert!(pt.contains(&("wallet".into(), "/pt-br/wallet".into())));
    assert!(pt.contains(&("sport".into(), "/pt-br/sport".into())));
    let footer: Vec<String> = view(&at("/pt-br"))
        .nav
        .footer_links
        .into_iter()
        .map(|l| l.href)
        .collect();
    assert!(footer.contains(&"/pt-br/static/terms".to_string()));
    // Every href resolves to a page, in its own locale.
    for (id, href) in pt {
        let r = route::resolve(&href, &["en", "pt-br"], "en").unwrap_or_else(|e| {
            panic!("{id}: {href} does not resolve: {e:?}");
        });
        assert_eq!(r.locale.as_deref(), Some("pt-br"), "{id}");
    }
}

#[test]
fn the_most_specific_link_is_active() {
    assert_eq!(active(&at("/")), ["home"]);
    assert_eq!(active(&at("/wallet/history")), ["wallet"]);
    assert_eq!(active(&at("/pt-br/sport/live/soccer")), ["live"]);
    assert_eq!(active(&at("/sport/football")), ["sport"]);
    assert_eq!(active(&at("/games/providers")), ["providers"]);
    assert_eq!(active(&at("/games/slots")), ["casino"]);
    assert_eq!(active(&at("/static/terms")), ["terms"]);
    assert!(active(&at("/walletx")).is_empty());
    assert!(active(&at("/zz/nothing/here")).is_empty());
}

#[test]
fn five_links_make_the_bottom_bar() {
    let bottom: Vec<String> = view(&at("/"))
        .nav
        .links
        .into_iter()
        .filter(|l| l.bottom)
        .map(|l| l.id)
        .collect();
    assert_eq!(bottom, ["home", "casino", "sport", "bonuses", "wallet"]);
}

#[test]
fn links_change_with_the_language() {
    let mut m = at("/wallet");
    update(
        &mut m,
        Event::Ui(
            AppUi::SetLocale {
                code: "pt-br".into(),
            }
            .into(),
        ),
        1_700_000_000_000,
    );
    assert_eq!(view(&m).nav.path, "/pt-br/wallet");
    assert_eq!(active(&m), ["wallet"]);
    assert!(hrefs(&m).contains(&("casino".into(), "/pt-br/games".into())));
}

#[test]
fn every_route_and_modal_has_its_texts() {
    let en = content::built_in();
    for r in RouteName::ALL {
        let key = format!("layout.pages.{}", r.as_str());
        assert!(en.contains_key(&key), "{key}");
    }
    for m in ModalId::ALL {
        let key = format!("modals.{}.title", m.query_value());
        assert!(en.contains_key(&key), "{key}");
    }
    let v = view(&at("/"));
    for l in v.nav.links.iter().chain(&v.nav.footer_links) {
        assert!(en.contains_key(&l.label), "{}", l.label);
    }
}

#[test]
fn error_page_texts_are_the_spec_ones() {
    let en = |k: &str| content::built_in().get(k).cloned();
    assert_eq!(
        en("layout.error.title").as_deref(),
        Some(route::ERROR_PAGE_TITLE)
    );
    assert_eq!(
        en("layout.error.text").as_deref(),
        Some(route::ERROR_PAGE_TEXT)
    );
    assert_eq!(
        en("layout.error.home").as_deref(),
        Some(route::ERROR_PAGE_BUTTON)
    );
}
