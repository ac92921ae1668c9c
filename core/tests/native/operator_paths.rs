//! The paths beyond SPEC §7 (docs/API.md "Operator must provide"): each one set in the runtime
//! config's `operatorPaths`, moved where the operator serves it, and `""` when it has none,
//! so the call is never made and what needs it is left out instead of failing.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::social::SocialUi;
use croupier_core::app::operator::{OperatorPath, OperatorPaths};
use croupier_core::app::{update, view, Boot, Config, Effect, Event, LogLevel, Model};
use support::{http, respond, token, ui, NOW};

fn config(paths: serde_json::Value) -> Config {
    Config::read(&j!({ "operatorPaths": paths }))
}

/// A visitor (with a stored session: a player once the profile answers) opening `path`; the
/// effects of the boot and, for a player, of the profile's answer.
fn open(config: Config, path: &str, player: bool) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config);
    let mut fx = update(
        &mut m,
        Event::Booted {
            token: player.then(|| token(3600, "a")),
            path: path.into(),
            boot: Boot::default(),
        },
        NOW,
    );
    if player {
        fx.extend(respond(
            &mut m,
            support::req::profile(),
            200,
            j!({"id": 7, "email": "a@b.c"}),
        ));
    }
    (m, fx)
}

fn paths(fx: &[Effect]) -> Vec<String> {
    http(fx).iter().map(|h| h.path.clone()).collect()
}

fn link_ids(links: &[croupier_core::app::features::shell::menu::LinkView]) -> Vec<&str> {
    links.iter().map(|l| l.id.as_str()).collect()
}

#[test]
fn the_config_reads_moved_and_missing_paths_and_reports_the_rest() {
    let p = OperatorPaths::read(Some(&j!({
        "content": "/cms/texts/", "geo": "", "pages": "https://evil.example/x",
        "referral": 5, "affiliate": "/../admin", "socialLogin": "/", "unknown": "/x"
    })));
    assert_eq!(p.path(OperatorPath::Content), Some("/cms/texts"));
    assert!(!p.provides(OperatorPath::Geo));
    // Refused values keep the default, and say why.
    assert_eq!(p.path(OperatorPath::Pages), Some("/api/content/pages"));
    assert_eq!(p.path(OperatorPath::Referral), Some("/api/player/referral"));
    assert_eq!(
        p.path(OperatorPath::Affiliate),
        Some("/api/affiliate/applications")
    );
    assert_eq!(
        p.path(OperatorPath::SocialLogin),
        Some("/api/player/social")
    );
    assert_eq!(p.problems.len(), 4, "{:?}", p.problems);
    assert!(p.problems.iter().any(|m| m.contains("operatorPaths.pages")));
    // A moved path keeps what follows it; the longest default decides.
    let moved = OperatorPaths::read(Some(&j!({"pages": "/cms/pages"})));
    assert_eq!(
        moved.route("/api/content/pages/terms"),
        Ok(Some("/cms/pages/terms".into()))
    );
    assert_eq!(moved.route("/api/content"), Ok(None));
    assert_eq!(moved.route("/api/contentious"), Ok(None));
    assert_eq!(moved.route("/api/wallet/accounts"), Ok(None));
    // At boot the refused values are logged as warnings.
    let (_, fx) = open(config(j!({"pages": 1})), "/", false);
    assert!(fx.iter().any(
        |e| matches!(e, Effect::Log { level: LogLevel::Warn, message }
        if message.contains("operatorPaths.pages"))
    ));
}

#[test]
fn moved_paths_are_called_where_the_operator_serves_them() {
    let (_, fx) = open(
        config(j!({"content": "/cms/texts", "geo": "/where"})),
        "/static/terms",
        false,
    );
    let called = paths(&fx);
    assert!(called.contains(&"/cms/texts".to_string()), "{called:?}");
    assert!(called.contains(&"/where".to_string()), "{called:?}");
    assert!(
        called.iter().any(|p| p.starts_with("/api/content/pages/")),
        "{called:?}"
    );
    assert!(
        !called
            .iter()
            .any(|p| p == "/api/content" || p == "/api/geo"),
        "{called:?}"
    );
}

#[test]
fn without_content_or_geo_the_built_in_texts_serve_and_nobody_is_asked_their_country() {
    let (m, fx) = open(config(j!({"content": "", "geo": ""})), "/pt-br", false);
    let called = paths(&fx);
    assert!(
        !called
            .iter()
            .any(|p| p.contains("/api/content") && !p.contains("pages")),
        "{called:?}"
    );
    assert!(!called.iter().any(|p| p.contains("/api/geo")), "{called:?}");
    // The page still has its words: the built-in default language.
    let v = view(&m);
    assert!(!v.texts.is_empty());
    assert_eq!(v.nav.error, None);
}

#[test]
fn without_pages_the_content_pages_do_not_exist_and_nothing_links_to_them() {
    let (m, fx) = open(config(j!({"pages": ""})), "/static/terms", false);
    assert!(
        !paths(&fx)
            .iter()
            .any(|p| p.starts_with("/api/content/pages")),
        "{:?}",
        paths(&fx)
    );
    let v = view(&m);
    assert_eq!(v.nav.page, None);
    let error = v.nav.error.expect("not found");
    assert_eq!(error.status, 404);
    assert_eq!(error.message, "Page not found: /static/terms");
    let footer = link_ids(&v.nav.footer_links);
    assert_eq!(footer, ["contact"]);
    let drawer = link_ids(&v.nav.links);
    for gone in ["questions", "support", "welcome-package"] {
        assert!(!drawer.contains(&gone), "{drawer:?}");
    }
    assert!(drawer.contains(&"referral") && drawer.contains(&"casino"));
    // With the default config the same address is a page.
    let (m, _) = open(Config::default(), "/static/terms", false);
    assert!(view(&m).nav.page.is_some());
    assert!(link_ids(&view(&m).nav.footer_links).contains(&"terms"));
}

#[test]
fn without_referral_or_affiliate_their_page_and_modals_are_gone_for_a_player() {
    let (m, fx) = open(
        config(j!({"referral": "", "affiliate": ""})),
        "/referral",
        true,
    );
    assert!(
        !paths(&fx).iter().any(|p| p.contains("referral")),
        "{:?}",
        paths(&fx)
    );
    let v = view(&m);
    assert_eq!(v.nav.error.map(|e| e.status), Some(404));
    assert!(!link_ids(&v.nav.links).contains(&"referral"));
    for modal in ["affiliate-program", "referral-transfer"] {
        let (m, fx) = open(
            config(j!({"referral": "", "affiliate": ""})),
            &format!("/profile?modal={modal}"),
            true,
        );
        assert_eq!(view(&m).nav.modal, None, "{modal}");
        // The address forgets it.
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::PushUrl { url, .. } if url == "/profile")),
            "{modal}: {fx:#?}"
        );
    }
    // Opened from the page by a press: refused the same way.
    let (mut m, _) = open(config(j!({"affiliate": ""})), "/", false);
    ui(
        &mut m,
        croupier_core::app::AppUi::OpenModal {
            id: "affiliate-program".into(),
            params: Default::default(),
        },
    );
    assert_eq!(view(&m).nav.modal, None);
}

#[test]
fn without_social_login_no_provider_is_offered_and_a_press_goes_nowhere() {
    let (mut m, _) = open(config(j!({"socialLogin": ""})), "/?modal=sign-in", false);
    assert!(view(&m).session.social_connections.is_empty());
    let fx = ui(
        &mut m,
        SocialUi::SocialStart {
            connection: "google".into(),
        },
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Load { .. })),
        "{fx:#?}"
    );
    // Moved: the provider's address is built on the operator's path.
    let (mut m, _) = open(
        config(j!({"socialLogin": "/oauth"})),
        "/?modal=sign-in",
        false,
    );
    assert!(!view(&m).session.social_connections.is_empty());
    let fx = ui(
        &mut m,
        SocialUi::SocialStart {
            connection: "google".into(),
        },
    );
    let url = fx
        .iter()
        .find_map(|e| match e {
            Effect::Load { url } => Some(url.clone()),
            _ => None,
        })
        .expect("goes to the provider");
    assert!(url.starts_with("/oauth/google/authorize?"), "{url}");
}
