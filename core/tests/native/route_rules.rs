//! SPEC §2 routes: resolution, building, navigation safety and route-change rules.

use croupier_core::domain::route::{
    build, build_named, check_navigation, full_path_change_closes_drawer, home_path, parse_query,
    resolve, route_change_hides_alert, scroll_target, skeleton_name, static_paths, try_build,
    Layout, Location, NavError, NavTarget, ParamValue, Params, Route, RouteError, RouteName,
    ScrollTarget,
};
use proptest::prelude::*;

const LOCALES: &[&str] = &["en", "de", "pt-BR", "es-mx", "fr"];
const DEF: &str = "en";

fn ok(path: &str) -> Route {
    match resolve(path, LOCALES, DEF) {
        Ok(r) => r,
        Err(e) => panic!("{path}: {e:?}"),
    }
}

fn one(s: &str) -> ParamValue {
    ParamValue::One(s.to_string())
}

fn many(s: &[&str]) -> ParamValue {
    ParamValue::Many(s.iter().map(|x| x.to_string()).collect())
}

#[test]
fn location_parse() {
    let l = Location::parse_url("/game/x?modal=wallet&tab=deposit&q=a+b%20c&flag#sec%201");
    assert_eq!(l.path, "/game/x");
    assert_eq!(
        l.query,
        vec![
            ("modal".into(), "wallet".into()),
            ("tab".into(), "deposit".into()),
            ("q".into(), "a b c".into()),
            ("flag".into(), "".into()),
        ]
    );
    assert_eq!(l.hash.as_deref(), Some("sec%201"));
    assert_eq!(l.query_value("tab"), Some("deposit"));
    let l = Location::parse_url("https://casino.example:8443/de/wallet?x=%E2%82%AC#h");
    assert_eq!(l.path, "/de/wallet");
    assert_eq!(l.query_value("x"), Some("€"));
    assert_eq!(Location::parse_url("").path, "/");
    assert_eq!(Location::parse_url("https://h").path, "/");
    assert_eq!(Location::parse_url("?a=1").path, "/");
    assert_eq!(Location::parse_url("//evil.com/x").path, "/x");
    // malformed escapes stay literal, invalid UTF-8 is replaced
    assert_eq!(
        parse_query("a=%zz%4&b=%ff"),
        vec![
            ("a".into(), "%zz%4".into()),
            ("b".into(), "\u{FFFD}".into())
        ]
    );
    // full path round trip
    let l = Location::parse_url("/a?x=1%202#top");
    assert_eq!(l.full_path(), "/a?x=1%202#top");
}

#[test]
fn every_static_route() {
    let table: &[(&str, &str)] = &[
        ("/", "index"),
        ("/wallet", "wallet"),
        ("/wallet/history", "wallet-history"),
        ("/bonuses", "bonuses"),
        ("/contact", "contact"),
        ("/profile", "profile"),
        ("/profile/info", "profile-info"),
        ("/profile/limits", "profile-limits"),
        ("/profile/personal", "profile-personal"),
        ("/profile/sessions", "profile-sessions"),
        ("/profile/settings", "profile-settings"),
        ("/profile/settings/account", "profile-settings-account"),
        (
            "/profile/settings/notifications",
            "profile-settings-notifications",
        ),
        ("/profile/bonuses", "profile-bonuses"),
        ("/support", "support"),
        ("/referral", "referral"),
        ("/questions", "questions"),
        ("/games", "games"),
        ("/games/providers", "games-providers"),
        ("/welcome-package", "welcome-package"),
        ("/favorites", "favorites"),
        ("/recently-played", "recently-played"),
        ("/auth/autologin", "auth-autologin"),
        ("/redirect", "redirect"),
        ("/sport", "sport-slug"),
    ];
    for (path, name) in table {
        let r = ok(path);
        assert_eq!(&r.name, name, "{path}");
        assert_eq!(r.locale, None);
        let de = ok(&format!("/de{}", if *path == "/" { "" } else { path }));
        assert_eq!(de.name, format!("locale-{name}"));
        assert_eq!(de.locale.as_deref(), Some("de"));
        // trailing slash and case of literals do not matter
        if *path != "/" {
            assert_eq!(ok(&format!("{path}/")).name, *name);
            assert_eq!(ok(&path.to_uppercase()).name, *name);
        }
    }
}

#[test]
fn dynamic_routes_and_params() {
    let r = ok("/game/sweet-bonanza");
    assert_eq!(r.name, "game-id");
    assert_eq!(r.param("id"), Some("sweet-bonanza"));
    let r = ok("/game/pragmatic%2Fsweet-bonanza");
    assert_eq!(r.param("id"), Some("pragmatic/sweet-bonanza"));
    let r = ok("/games/slots/new/top");
    assert_eq!(r.name, "games-id");
    assert_eq!(r.param_list("id"), ["slots", "new", "top"]);
    let r = ok("/games/providers/x");
    assert_eq!(r.name, "games-id", "providers only wins when alone");
    assert_eq!(
        ok("/questions/how-to").param("pageIdentity"),
        Some("how-to")
    );
    assert_eq!(ok("/questions/how-to").name, "questions-pageIdentity");
    assert_eq!(ok("/bonus/welcome").name, "bonus-pageIdentity");
    assert_eq!(ok("/static/terms").name, "static-pageIdentity");
    let r = ok("/auth/social/google/callback?code=1&state=2");
    assert_eq!(r.name, "auth-social-connection-callback");
    assert_eq!(r.param("connection"), Some("google"));
    assert_eq!(ok("/verify/abc123").name, "verify-confirmCode");
    assert_eq!(ok("/verify/abc123").param("confirmCode"), Some("abc123"));
    assert_eq!(ok("/password-reset/tok").name, "password-reset-resetCode");
    assert_eq!(ok("/password-reset/tok").param("resetCode"), Some("tok"));
    let r = ok("/sport/live/soccer/england/premier-league/123-a-b");
    assert_eq!(r.name, "sport-slug");
    assert_eq!(r.param_list("slug").len(), 5);
    assert_eq!(ok("/sport").param_list("slug"), [] as [String; 0]);
    let r = ok("/promo-page");
    assert_eq!(r.name, "slug");
    assert_eq!(r.params.get("slug"), Some(&many(&["promo-page"])));
    assert_eq!(ok("/a/b/c/d").param_list("slug"), ["a", "b", "c", "d"]);
    // /game with a second segment is not game-id: falls back to the slug catch-all
    assert_eq!(ok("/game/a/b").name, "slug");
    assert_eq!(ok("/game").name, "slug");
}

#[test]
fn client_only_and_layout() {
    for p in [
        "/favorites",
        "/game/x",
        "/recently-played",
        "/redirect",
        "/de/game/x",
    ] {
        assert!(ok(p).client_only, "{p}");
    }
    for p in ["/", "/games", "/wallet", "/sport", "/x"] {
        assert!(!ok(p).client_only, "{p}");
    }
    assert_eq!(ok("/redirect").layout, Layout::Empty);
    assert_eq!(ok("/de/redirect").layout, Layout::Empty);
    assert_eq!(ok("/favorites").layout, Layout::Default);
}

#[test]
fn locale_prefix_rules() {
    assert_eq!(
        ok("/pt-br/games").locale.as_deref(),
        Some("pt-BR"),
        "spelled as in the list"
    );
    assert_eq!(ok("/pt-BR/games").name, "locale-games");
    assert_eq!(ok("/es-mx").name, "locale-index");
    // default locale as prefix -> redirect to the unprefixed address
    assert_eq!(
        resolve("/en/wallet?modal=wallet#x", LOCALES, DEF),
        Err(RouteError::Redirect {
            status: 301,
            location: "/wallet?modal=wallet#x".into()
        })
    );
    assert_eq!(
        resolve("/en", LOCALES, DEF),
        Err(RouteError::Redirect {
            status: 301,
            location: "/".into()
        })
    );
    assert_eq!(
        resolve("/en?a=1", LOCALES, DEF),
        Err(RouteError::Redirect {
            status: 301,
            location: "/?a=1".into()
        })
    );
    // unknown locale-shaped segment is just a slug
    let r = ok("/zz/foo");
    assert_eq!((r.name.as_str(), r.locale.clone()), ("slug", None));
    assert_eq!(r.param_list("slug"), ["zz", "foo"]);
    assert_eq!(ok("/zz").name, "slug");
    // not locale-shaped
    assert_eq!(ok("/DE/games").name, "slug", "DE is not a locale shape");
    assert_eq!(ok("/deu/games").name, "slug");
    // a locale-prefixed unknown path is the localised slug
    assert_eq!(ok("/de/foo").name, "locale-slug");
    // no locales known: /de/... is a slug
    assert_eq!(
        resolve("/de/games", &[], DEF).map(|r| r.name),
        Ok("slug".into())
    );
}

#[test]
fn validity_and_no_match_errors() {
    let invalid = |p: &str| RouteError::Invalid {
        status: 404,
        message: format!("Page Not Found: {p}"),
    };
    for p in [
        "/game/%20",
        "/game/a%20b?x=1",
        "/game/..%2F",
        "/questions/%3Cscript%3E",
        "/games/ok/%00",
        "/foo/b@d",
    ] {
        assert_eq!(resolve(p, LOCALES, DEF), Err(invalid(p)), "{p}");
    }
    let long = format!("/game/{}", "a".repeat(129));
    assert_eq!(resolve(&long, LOCALES, DEF), Err(invalid(&long)));
    assert!(resolve(&format!("/game/{}", "a".repeat(128)), LOCALES, DEF).is_ok());
    let nm = |p: &str| RouteError::NoMatch {
        status: 404,
        message: format!("Page not found: {p}"),
    };
    assert_eq!(resolve("game/x", LOCALES, DEF), Err(nm("game/x")));
    assert_eq!(resolve("/a//b?q=1", LOCALES, DEF), Err(nm("/a//b")));
    assert_eq!(resolve("/a\u{1}b", LOCALES, DEF), Err(nm("/a\u{1}b")));
    assert_eq!(resolve("/x", LOCALES, DEF).unwrap_err_or_ok(), ());
    let e = resolve("/game/%20", LOCALES, DEF).unwrap_err();
    assert_eq!(e.status(), 404);
    assert_eq!(e.message(), "Page Not Found: /game/%20");
    // the sportsbook has no validity check
    assert!(resolve("/sport/%20/x", LOCALES, DEF).is_ok());
}

trait OkUnit {
    fn unwrap_err_or_ok(self);
}
impl OkUnit for Result<Route, RouteError> {
    fn unwrap_err_or_ok(self) {
        assert!(self.is_ok());
    }
}

#[test]
fn building() {
    let mut p = Params::new();
    p.insert("id".into(), one("sweet bonanza/1"));
    assert_eq!(
        build(RouteName::GameId, &p, None, DEF),
        "/",
        "invalid id -> home"
    );
    assert_eq!(
        try_build(RouteName::GameId, &p, None, DEF),
        None,
        "space is not an identity"
    );
    p.insert("id".into(), one("pragmatic/sweet-bonanza"));
    assert_eq!(
        build(RouteName::GameId, &p, Some("de"), DEF),
        "/de/game/pragmatic%2Fsweet-bonanza"
    );
    assert_eq!(
        build(RouteName::GameId, &p, Some("en"), DEF),
        "/game/pragmatic%2Fsweet-bonanza"
    );
    assert_eq!(build(RouteName::Index, &Params::new(), None, DEF), "/");
    assert_eq!(
        build(RouteName::Index, &Params::new(), Some("pt-BR"), DEF),
        "/pt-BR"
    );
    assert_eq!(
        build(RouteName::ProfileSettingsAccount, &Params::new(), None, DEF),
        "/profile/settings/account"
    );
    // missing param -> localised home
    assert_eq!(
        build(RouteName::GameId, &Params::new(), Some("de"), DEF),
        "/de"
    );
    assert_eq!(
        try_build(RouteName::GameId, &Params::new(), None, DEF),
        None
    );
    let mut g = Params::new();
    g.insert("id".into(), many(&["slots", "new"]));
    assert_eq!(build(RouteName::GamesId, &g, None, DEF), "/games/slots/new");
    g.insert("id".into(), many(&[]));
    assert_eq!(
        try_build(RouteName::GamesId, &g, None, DEF),
        None,
        "games-id needs one segment"
    );
    assert_eq!(
        build(RouteName::SportSlug, &Params::new(), None, DEF),
        "/sport"
    );
    let mut s = Params::new();
    s.insert("slug".into(), many(&["live", "soccer"]));
    assert_eq!(
        build(RouteName::SportSlug, &s, Some("fr"), DEF),
        "/fr/sport/live/soccer"
    );
    assert_eq!(
        build_named("locale-sport/betting", &s, Some("fr"), DEF).as_deref(),
        Some("/fr/sport/live/soccer")
    );
    assert_eq!(
        build_named("game-id", &p, Some("fr"), DEF).as_deref(),
        Some("/game/pragmatic%2Fsweet-bonanza")
    );
    assert_eq!(build_named("nope", &p, None, DEF), None);
    assert_eq!(home_path(Some("de"), DEF), "/de");
    assert_eq!(home_path(None, DEF), "/");
    // a bad locale string never builds a weird prefix
    assert_eq!(
        try_build(RouteName::Wallet, &Params::new(), Some("../x"), DEF),
        None
    );
    assert_eq!(
        build(RouteName::Wallet, &Params::new(), Some("../x"), DEF),
        "/"
    );
}

#[test]
fn names_and_skeletons() {
    assert_eq!(
        RouteName::from_name("locale-game-id"),
        Some((RouteName::GameId, true))
    );
    assert_eq!(
        RouteName::from_name("game-id"),
        Some((RouteName::GameId, false))
    );
    assert_eq!(
        RouteName::from_name("sport/betting"),
        Some((RouteName::SportSlug, false))
    );
    assert_eq!(
        RouteName::from_name("locale-profile-bonuses"),
        Some((RouteName::ProfileBonuses, true))
    );
    assert_eq!(RouteName::from_name("locale-"), None);
    assert_eq!(skeleton_name("locale-game-id"), "game-id-page");
    assert_eq!(skeleton_name("games-id"), "games-id-page");
    assert_eq!(skeleton_name("index"), "index-page");
    assert_eq!(
        ok("/de/wallet/history").skeleton_name(),
        "wallet-history-page"
    );
    for r in RouteName::ALL {
        assert_eq!(RouteName::from_name(r.as_str()), Some((r, false)));
        assert_eq!(RouteName::from_name(&r.full_name(true)), Some((r, true)));
    }
}

#[test]
fn navigation_safety() {
    assert_eq!(
        check_navigation("/wallet?modal=x", false),
        Ok(NavTarget::Internal("/wallet?modal=x".into()))
    );
    assert_eq!(
        check_navigation("  /wallet ", false),
        Ok(NavTarget::Internal("/wallet".into()))
    );
    assert_eq!(
        check_navigation("?modal=wallet", false),
        Ok(NavTarget::Internal("?modal=wallet".into()))
    );
    assert_eq!(
        check_navigation("#top", false),
        Ok(NavTarget::Internal("#top".into()))
    );
    assert_eq!(
        check_navigation("/a:b", false),
        Ok(NavTarget::Internal("/a:b".into()))
    );
    assert_eq!(
        check_navigation("https://t.me/bot", false),
        Err(NavError::ExternalNotAllowed)
    );
    assert_eq!(
        check_navigation("https://t.me/bot", true),
        Ok(NavTarget::External("https://t.me/bot".into()))
    );
    assert_eq!(
        check_navigation("HTTP://x.com", true),
        Ok(NavTarget::External("HTTP://x.com".into()))
    );
    assert_eq!(
        check_navigation("mailto:a@b.c", true),
        Ok(NavTarget::External("mailto:a@b.c".into()))
    );
    assert_eq!(
        check_navigation("mailto:a@b.c", false),
        Err(NavError::ExternalNotAllowed)
    );
    for p in ["//evil.com", "/\\evil.com", "\\\\evil.com", " //evil.com"] {
        assert_eq!(
            check_navigation(p, false),
            Err(NavError::ExternalNotAllowed),
            "{p:?}"
        );
        assert!(
            matches!(check_navigation(p, true), Ok(NavTarget::External(_))),
            "{p:?}"
        );
    }
    let unsafe_targets = [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "  javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "java\r\nscript:alert(1)",
        "\u{0}javascript:alert(1)",
        "\u{1}\u{1f}javascript:x",
        "jav\u{200B}ascript:x",
        "ja va script:x",
        "JAVASCRIPT\t:x",
        "javascript%3Aalert(1)",
        "vbscript:msgbox",
        "data:text/html,<script>",
        "DATA:text/html;base64,xx",
        "file:///etc/passwd",
        "blob:https://x/uuid",
        "filesystem:x",
        "about:blank",
        "view-source:https://x",
        "ftp://x",
        "chrome://settings",
        "intent://x",
    ];
    for t in unsafe_targets {
        for ext in [false, true] {
            assert!(
                matches!(
                    check_navigation(t, ext),
                    Err(NavError::UnsafeProtocol { .. })
                ),
                "{t:?} ext={ext}"
            );
        }
    }
    assert_eq!(check_navigation("", false), Err(NavError::Invalid));
    assert_eq!(check_navigation(" \t", true), Err(NavError::Invalid));
    assert_eq!(check_navigation("/a\u{7}b", false), Err(NavError::Invalid));
}

#[test]
fn route_change_rules() {
    assert_eq!(scroll_target(None), ScrollTarget::Top);
    assert_eq!(scroll_target(Some("")), ScrollTarget::Top);
    assert_eq!(scroll_target(Some("#")), ScrollTarget::Top);
    assert_eq!(
        scroll_target(Some("#faq")),
        ScrollTarget::Anchor("faq".into())
    );
    assert_eq!(
        scroll_target(Some("sec%201")),
        ScrollTarget::Anchor("sec 1".into())
    );
    let l = Location::parse_url;
    assert!(route_change_hides_alert(&l("/a"), &l("/b")));
    assert!(!route_change_hides_alert(&l("/a"), &l("/a?modal=wallet")));
    assert!(!route_change_hides_alert(&l("/a"), &l("/a/")));
    assert!(full_path_change_closes_drawer(
        &l("/a"),
        &l("/a?modal=wallet")
    ));
    assert!(full_path_change_closes_drawer(&l("/a"), &l("/a#x")));
    assert!(!full_path_change_closes_drawer(&l("/a?x=1"), &l("/a?x=1")));
}

fn identity() -> impl Strategy<Value = String> {
    proptest::collection::vec("[A-Za-z0-9_:.-]{1,8}", 1..3)
        .prop_map(|parts| parts.join("/"))
        .prop_filter("dots", |s| s.split('/').all(|p| p != "." && p != ".."))
}

fn route_and_params() -> impl Strategy<Value = (RouteName, Params)> {
    (
        proptest::sample::select(RouteName::ALL.to_vec()),
        identity(),
        proptest::collection::vec(identity(), 0..5),
    )
        .prop_map(|(name, single, list)| {
            let mut p = Params::new();
            for (k, is_list) in name.params() {
                if is_list {
                    let mut l = list.clone();
                    if l.is_empty() {
                        l.push(single.clone());
                    }
                    p.insert(k.to_string(), ParamValue::Many(l));
                } else {
                    p.insert(k.to_string(), ParamValue::One(single.clone()));
                }
            }
            (name, p)
        })
}

proptest! {
    /// The address bar and links are the player's: any text resolves to a route or an error,
    /// and any URL parses or not, without aborting the app (panic=immediate-abort in the release
    /// wasm). The round trips of what resolves are `resolved_routes_rebuild` and
    /// `build_resolve_round_trip`.
    #[test]
    fn any_address_text_resolves_without_aborting(s in "\\PC*") {
        let _ = resolve(&s, LOCALES, DEF);
        let _ = Location::parse_url(&s);
        let _ = check_navigation(&s, true);
        let _ = check_navigation(&s, false);
    }

    #[test]
    fn resolved_routes_rebuild(segs in proptest::collection::vec("[a-zA-Z0-9%./:_-]{1,8}|de|pt-br|en|game|games|sport|profile|settings", 0..5)) {
        let path = format!("/{}", segs.join("/"));
        if let Ok(route) = resolve(&path, LOCALES, DEF) {
            let (name, _) = RouteName::from_name(&route.name).unwrap();
            if let Some(built) = try_build(name, &route.params, route.locale.as_deref(), DEF) {
                let again = resolve(&built, LOCALES, DEF).unwrap();
                prop_assert_eq!(&again.name, &route.name, "{} -> {}", path, built);
                prop_assert_eq!(&again.params, &route.params);
                prop_assert_eq!(&again.locale, &route.locale);
            }
        }
    }

    /// Any bytes (read lossily, as a percent-decoded address may be) resolve to a route or an
    /// error without aborting the app (panic=immediate-abort in the release wasm).
    #[test]
    fn any_address_bytes_resolve_without_aborting(b in proptest::collection::vec(any::<u8>(), 0..64)) {
        let s = String::from_utf8_lossy(&b);
        let _ = resolve(&s, LOCALES, DEF);
        let _ = resolve(&format!("/{s}"), LOCALES, DEF);
    }

    #[test]
    fn build_resolve_round_trip((name, params) in route_and_params(), loc in proptest::sample::select(vec![None, Some("de"), Some("pt-BR"), Some("en")])) {
        if let Some(path) = try_build(name, &params, loc, DEF) {
            let r = resolve(&path, LOCALES, DEF).unwrap();
            let localized = matches!(loc, Some(l) if l != DEF);
            // catch-alls may swallow a more specific route: the built path must resolve to
            // the same route with the same params
            prop_assert_eq!(&r.name, &name.full_name(localized), "{}", path);
            prop_assert_eq!(&r.params, &params);
            prop_assert_eq!(r.locale.as_deref(), if localized { loc } else { None });
        }
    }

    #[test]
    fn identity_params_always_build((name, params) in route_and_params()) {
        // every valid param set builds, except where a catch-all shadows a static route
        let built = try_build(name, &params, None, DEF);
        if built.is_none() {
            let shadow = matches!(name, RouteName::GamesId | RouteName::Slug | RouteName::SportSlug);
            prop_assert!(shadow, "{:?} {:?}", name, params);
        }
    }
}

#[test]
fn navigation_outcomes() {
    use croupier_core::domain::route::{
        after_logout, after_social_link, after_social_login, preloader_stays, ERROR_PAGE_TITLE,
    };
    assert_eq!(
        after_social_login(Some("/wallet?tab=1"), None, DEF),
        "/wallet?tab=1"
    );
    assert_eq!(after_social_login(None, Some("de"), DEF), "/de");
    assert_eq!(
        after_social_login(Some("https://evil.test"), None, DEF),
        "/"
    );
    assert_eq!(after_social_login(Some("//evil.test"), None, DEF), "/");
    assert_eq!(
        after_social_login(Some("javascript:alert(1)"), Some("de"), DEF),
        "/de"
    );
    assert_eq!(
        after_social_login(Some("wallet"), None, DEF),
        "/",
        "relative is not a stored route"
    );
    assert_eq!(after_social_link(Some("de"), DEF), "/de/profile");
    assert_eq!(after_social_link(None, DEF), "/profile");
    assert_eq!(after_logout(Some("pt-BR"), DEF), "/pt-BR");
    assert_eq!(ERROR_PAGE_TITLE, "Something went wrong");
    let q = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let auto = ok("/auth/autologin");
    assert!(preloader_stays(&auto, &q(&[("state", "x")])));
    assert!(!preloader_stays(&auto, &q(&[("token", "x")])));
    let cb = ok("/de/auth/social/google/callback");
    assert!(preloader_stays(&cb, &q(&[("code", "c"), ("state", "s")])));
    assert!(!preloader_stays(&cb, &q(&[("code", "c")])));
    assert!(!preloader_stays(
        &ok("/"),
        &q(&[("code", "c"), ("state", "s")])
    ));
}

/// Escapes are two upper-case hex digits of the byte (high nibble first), for every byte
/// outside the unreserved set, control and non-ASCII bytes included.
#[test]
fn percent_encoding_writes_upper_case_hex_nibbles() {
    use croupier_core::domain::route::{percent_decode, percent_encode};
    assert_eq!(
        percent_encode("a b/é\u{7f}\u{0}~-._Z9"),
        "a%20b%2F%C3%A9%7F%00~-._Z9"
    );
    assert_eq!(percent_encode("\u{1f}\u{ff}"), "%1F%C3%BF");
    let all: String = (0u8..=127).map(char::from).collect();
    assert_eq!(percent_decode(&percent_encode(&all), false), all);
}

/// The view's in-app links (issue 29): every route without parameters, in the page's locale.
#[test]
fn static_paths_are_every_parameterless_route_in_the_locale() {
    let pt = static_paths(Some("pt-br"), DEF);
    assert_eq!(
        pt.get("wallet-history").map(String::as_str),
        Some("/pt-br/wallet/history")
    );
    assert_eq!(pt.get("index").map(String::as_str), Some("/pt-br"));
    assert_eq!(
        pt.get("profile-settings-notifications").map(String::as_str),
        Some("/pt-br/profile/settings/notifications")
    );
    // A route that needs a parameter has no static path.
    assert_eq!(pt.get("game-id"), None);
    assert_eq!(pt.get("games-id"), None);
    let en = static_paths(Some("en"), DEF);
    assert_eq!(
        en.get("profile-limits").map(String::as_str),
        Some("/profile/limits")
    );
    assert_eq!(en.get("index").map(String::as_str), Some("/"));
    assert_eq!(static_paths(None, DEF), en);
    // Each one comes back as its own route in the same locale.
    for (name, path) in pt.iter() {
        let (route, _) = RouteName::from_name(name).expect("a route name");
        assert_eq!(build(route, &Params::new(), Some("pt-br"), DEF), *path);
        assert!(path.starts_with("/pt-br"), "{name}: {path}");
    }
    assert!(pt.len() >= 20, "{} static routes", pt.len());
}
