//! Issue 16 "Content": content pages into a view, the HTML sanitiser against an XSS list, the
//! affiliate tag rules, and the cookie-request / geo-popup rules.

use crate::support;

use croupier_core::app::event::Boot;
use croupier_core::app::features::pages::html::{self, ContentNode};
use croupier_core::app::features::pages::view::ContentStatus;
use croupier_core::app::features::{consent, pages, referral};
use croupier_core::app::{update, AppUi, Config, Effect, Event, FormId, FormValue, Model, Req};
use support::{http, respond, ui, NOW};

// ------------------------------------------------------------------------------------------
// The sanitiser
// ------------------------------------------------------------------------------------------

const KEPT: [&str; 21] = [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "strong",
    "em",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
];

/// Every node of a tree, depth first.
fn walk<'a>(nodes: &'a [ContentNode], out: &mut Vec<&'a ContentNode>) {
    for n in nodes {
        out.push(n);
        walk(&n.children, out);
    }
}

fn all(nodes: &[ContentNode]) -> Vec<&ContentNode> {
    let mut out = Vec::new();
    walk(nodes, &mut out);
    out
}

/// What "inert" means for the view, which renders only `tag`, `href`, `alt` and text: every
/// element is allow-listed, every link is http(s), mailto, tel or relative, every image
/// http(s) or root-relative; text is text (React escapes it).
fn assert_inert(payload: &str, nodes: &[ContentNode]) {
    for n in all(nodes) {
        if n.tag.is_empty() {
            assert!(
                n.children.is_empty() && n.href.is_none(),
                "{payload}: text with parts"
            );
            continue;
        }
        assert!(
            KEPT.contains(&n.tag.as_str()),
            "{payload}: <{}> kept",
            n.tag
        );
        let Some(href) = &n.href else { continue };
        let squeezed: String = href
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect::<String>()
            .to_ascii_lowercase();
        for bad in ["javascript:", "vbscript:", "data:", "file:", "blob:"] {
            assert!(!squeezed.contains(bad), "{payload}: href {href:?}");
        }
        if n.tag == "img" {
            assert!(
                squeezed.starts_with("https://")
                    || squeezed.starts_with("http://")
                    || (squeezed.starts_with('/') && !squeezed.starts_with("//")),
                "{payload}: img src {href:?}"
            );
        } else {
            assert_eq!(n.tag, "a", "{payload}: href on <{}>", n.tag);
            let scheme = squeezed.split(':').next().unwrap_or_default();
            assert!(
                !squeezed.contains(':')
                    || ["http", "https", "mailto", "tel"].contains(&scheme)
                    || squeezed.starts_with('/')
                    || squeezed.starts_with('#')
                    || squeezed.starts_with('?'),
                "{payload}: link {href:?}"
            );
        }
    }
}

fn payloads() -> Vec<String> {
    serde_json::from_str(include_str!("xss_payloads.json")).expect("payload list")
}

#[test]
fn every_xss_payload_is_inert_alone_wrapped_and_together() {
    let list = payloads();
    assert!(list.len() >= 50, "only {} payloads", list.len());
    for p in &list {
        assert_inert(p, &html::parse(p));
        assert_inert(p, &html::parse(&format!("<div><p>{p}</p></div>")));
        assert_inert(p, &html::parse(&format!("<a href=\"/x\">{p}</a>")));
    }
    let joined: String = list.iter().map(|p| format!("<div>{p}</div>")).collect();
    assert_inert("all", &html::parse(&joined));
}

fn text_of(nodes: &[ContentNode]) -> String {
    all(nodes).iter().map(|n| n.text.as_str()).collect()
}

#[test]
fn scripts_handlers_and_foreign_frames_leave_nothing_that_runs() {
    let n = html::parse("<p>a<script>alert(1)</script>b</p>");
    assert_eq!(text_of(&n), "ab");
    // Raw text elements are skipped to their own end tag, without reading tags inside.
    let n = html::parse("<script>/*</script><b>kept</b>");
    assert_eq!(n[0].tag, "strong");
    assert_eq!(text_of(&n), "kept");
    let n = html::parse("<textarea><img src=/x.png></textarea>after");
    assert_eq!(all(&n).iter().filter(|x| x.tag == "img").count(), 0);
    assert_eq!(text_of(&n), "after");
    // Handlers and styles go, the element and a safe href stay.
    let n = html::parse(r#"<a href="/ok" onclick="alert(1)" style="position:fixed">go</a>"#);
    assert_eq!(n[0].tag, "a");
    assert_eq!(n[0].href.as_deref(), Some("/ok"));
    assert!(!n[0].external);
    // javascript: in any disguise loses the href but keeps the words.
    for h in [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "java&#x09;script:alert(1)",
        "javascript&colon;alert(1)",
        "&#106;avascript:alert(1)",
        " \u{200b}javascript:alert(1)",
    ] {
        let n = html::parse(&format!("<a href=\"{h}\">x</a>"));
        assert_eq!(n[0].href, None, "{h}");
        assert_eq!(text_of(&n), "x");
    }
    // Frames, objects and SVG go with their content; text after them stays.
    let n = html::parse(
        r#"<iframe src="https://evil.example">in</iframe><svg onload=x><text>s</text></svg>ok"#,
    );
    assert_eq!(text_of(&n), "ok");
    // An unclosed dropped element ends with the kept element around it.
    let n = html::parse("<div><p>a<svg onload=alert(1)>b</p>c");
    assert_eq!(text_of(&n), "ac");
    // Escaped markup is text.
    let n = html::parse("&lt;script&gt;alert(1)&lt;/script&gt;");
    assert_eq!(n[0].text, "<script>alert(1)</script>");
    assert!(n[0].tag.is_empty());
}

#[test]
fn content_keeps_its_structure_links_and_images() {
    let n = html::parse(concat!(
        "<h1>Title</h1><h5>small</h5><p>Hi <b>bold</b> <i>it</i><br>next</p>",
        "<ul><li>one<li>two</ul>",
        r#"<a href="mailto:s@x.test">mail</a><a href="tel:+351">call</a>"#,
        r#"<a href="https://help.example/a?b=1&amp;c=2">help</a>"#,
        r#"<img src="/img/a.png" alt="A &amp; B"><img src="x.png"><img src="https://cdn.example/b.png">"#,
        "<table><tr><td>1</td></tr></table><span>unwrapped</span>",
    ));
    let tags: Vec<&str> = n.iter().map(|x| x.tag.as_str()).collect();
    assert_eq!(&tags[..4], &["h2", "h4", "p", "ul"]);
    let p = &n[2];
    let inner: Vec<&str> = p.children.iter().map(|x| x.tag.as_str()).collect();
    assert_eq!(inner, ["", "strong", "", "em", "br", ""]);
    // An unclosed <li> closes where the next one opens, as in a browser.
    assert_eq!(n[3].children.len(), 2);
    assert!(n[3].children.iter().all(|li| li.tag == "li"));
    let n2 = html::parse("<p>a<p>b<ul><li>c</ul><table><tr><td>1<td>2<tr><td>3</table>");
    let tags: Vec<&str> = n2.iter().map(|x| x.tag.as_str()).collect();
    assert_eq!(tags, ["p", "p", "ul", "table"]);
    assert_eq!(n2[3].children.len(), 2, "two rows");
    assert_eq!(n2[3].children[0].children.len(), 2, "two cells");
    let links: Vec<&ContentNode> = all(&n).into_iter().filter(|x| x.tag == "a").collect();
    assert_eq!(links[0].href.as_deref(), Some("mailto:s@x.test"));
    assert!(!links[0].external, "contact links are not another site");
    assert_eq!(links[1].href.as_deref(), Some("tel:+351"));
    assert_eq!(
        links[2].href.as_deref(),
        Some("https://help.example/a?b=1&c=2")
    );
    assert!(links[2].external);
    let imgs: Vec<&ContentNode> = all(&n).into_iter().filter(|x| x.tag == "img").collect();
    assert_eq!(imgs.len(), 2, "a relative image without a root is dropped");
    assert_eq!(imgs[0].alt.as_deref(), Some("A & B"));
    assert!(text_of(&n).contains("unwrapped"));
}

#[test]
fn hostile_nesting_is_flattened_not_recursed() {
    let deep = "<blockquote>".repeat(10_000) + "deep" + &"</blockquote>".repeat(10_000);
    let n = html::parse(&deep);
    let mut depth = 0;
    let mut cur = &n;
    while let Some(first) = cur.first().filter(|x| !x.tag.is_empty()) {
        depth += 1;
        cur = &first.children;
    }
    assert!(depth <= html::MAX_DEPTH, "depth {depth}");
    assert_eq!(text_of(&n), "deep");
}

#[test]
fn entities_decode_and_broken_markup_stays_text() {
    assert_eq!(
        html::decode("a &amp; b &lt; &#65;&#x42; &nbsp;&bogus; &#0;"),
        "a & b < AB \u{a0}&bogus; \u{fffd}"
    );
    let n = html::parse("1 < 2 and 3 > 2 <!-- hidden --> done");
    assert_eq!(text_of(&n), "1 < 2 and 3 > 2  done");
}

// ------------------------------------------------------------------------------------------
// Pages into the view
// ------------------------------------------------------------------------------------------

fn boot_at(path: &str, prefs: Boot) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: path.into(),
            boot: prefs,
        },
        NOW,
    );
    (m, fx)
}

fn page_req(kind: &'static str, slug: &str, locale: &str) -> Req {
    Req::Pages(pages::Call::Page(pages::Key {
        kind,
        slug: slug.into(),
        locale: locale.into(),
    }))
}

fn go(m: &mut Model, path: &str) -> Vec<Effect> {
    ui(m, AppUi::Navigate { path: path.into() })
}

#[test]
fn a_static_page_loads_in_the_address_locale_and_becomes_a_view() {
    let (mut m, fx) = boot_at("/static/terms", Boot::default());
    let req = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/content/pages/terms")
        .expect("page asked for")
        .clone();
    assert!(req.query.contains(&("locale".into(), "en".into())));
    assert!(req.query.contains(&("type".into(), "static".into())));
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::Loading
    );
    respond(
        &mut m,
        page_req("static", "terms", "en"),
        200,
        j!({"slug": "terms", "type": "static", "title": "Terms", "body": "<h2>One</h2><p onclick=x>Two <a href=\"/static/privacy\">privacy</a></p>"}),
    );
    let v = croupier_core::app::view(&m).content_page;
    assert_eq!(v.status, ContentStatus::Ready);
    assert_eq!(v.title, "Terms");
    assert_eq!(v.body[0].tag, "h2");
    assert_eq!(
        v.body[1].children[1].href.as_deref(),
        Some("/static/privacy")
    );
    // Going away and back within 15 minutes asks nothing again.
    go(&mut m, "/");
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::None
    );
    let fx = go(&mut m, "/static/terms");
    assert!(http(&fx)
        .iter()
        .all(|h| !h.path.starts_with("/api/content/pages")));
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::Ready
    );
    // Another locale is another page.
    let fx = go(&mut m, "/pt-br/static/terms");
    let h = http(&fx);
    let asked = h
        .iter()
        .find(|h| h.path == "/api/content/pages/terms")
        .expect("pt-br asked");
    assert!(asked.query.contains(&("locale".into(), "pt-br".into())));
}

#[test]
fn unknown_slugs_are_missing_and_failures_offer_a_retry() {
    let (mut m, _) = boot_at("/bonus/nope", Boot::default());
    respond(
        &mut m,
        page_req("bonus", "nope", "en"),
        404,
        j!({"code": "not_found", "message": "Not found"}),
    );
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::Missing
    );
    // The /{slug} fallback asks for any kind.
    let fx = go(&mut m, "/about");
    let h = http(&fx);
    let asked = h
        .iter()
        .find(|h| h.path == "/api/content/pages/about")
        .expect("asked");
    assert!(!asked.query.iter().any(|(k, _)| k == "type"));
    respond(
        &mut m,
        page_req("", "about", "en"),
        500,
        j!({"code": "x", "message": "down"}),
    );
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::Failed
    );
    let fx = ui(&mut m, pages::PagesUi::ContentRetry);
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/content/pages/about"));
    // A page whose answer lacks a title is logged and shown as failed, never a panic.
    respond(
        &mut m,
        page_req("", "about", "en"),
        200,
        j!({"body": "<p>x</p>"}),
    );
    assert_eq!(
        croupier_core::app::view(&m).content_page.status,
        ContentStatus::Failed
    );
}

#[test]
fn the_questions_list_links_each_question_in_the_locale() {
    let (mut m, fx) = boot_at("/pt-br/questions", Boot::default());
    let h = http(&fx);
    let list = h
        .iter()
        .find(|h| h.path == "/api/content/pages")
        .expect("list asked");
    assert!(list.query.contains(&("type".into(), "question".into())));
    respond(
        &mut m,
        Req::Pages(pages::Call::Questions("pt-br".into())),
        200,
        j!([{"slug": "how-to-deposit", "title": "Como?"}, {"title": "no slug"}, {"slug": "b", "title": "B"}]),
    );
    let v = croupier_core::app::view(&m).content_page;
    assert_eq!(v.questions_status, ContentStatus::Ready);
    assert_eq!(v.questions.len(), 2);
    assert_eq!(v.questions[0].href, "/pt-br/questions/how-to-deposit");
    assert_eq!(v.questions_href, "/pt-br/questions");
    // A question page keeps the list (no new request) and marks its question.
    let fx = go(&mut m, "/pt-br/questions/b");
    assert!(http(&fx).iter().all(|h| h.path != "/api/content/pages"));
    let v = croupier_core::app::view(&m).content_page;
    assert!(v.questions[1].active);
    // Leaving the question for the list is not held (SPEC §2: the guard does nothing).
    go(&mut m, "/pt-br/questions");
    assert_eq!(m.shared.location.path, "/pt-br/questions");
}

#[test]
fn redirect_follows_own_addresses_and_only_offers_other_sites() {
    let (m, _) = boot_at("/redirect?url=%2Fwallet%3Fmodal%3Dwallet", Boot::default());
    assert_eq!(m.shared.location.path, "/wallet");
    let (m, _) = boot_at(
        "/redirect?url=https%3A%2F%2Fpartner.example%2Fx",
        Boot::default(),
    );
    assert_eq!(m.shared.location.path, "/redirect");
    assert_eq!(
        croupier_core::app::view(&m)
            .content_page
            .redirect
            .as_deref(),
        Some("https://partner.example/x")
    );
    let (m, _) = boot_at("/redirect?url=javascript%3Aalert(1)", Boot::default());
    assert_eq!(croupier_core::app::view(&m).content_page.redirect, None);
    assert_eq!(m.shared.location.path, "/redirect");
}

// ------------------------------------------------------------------------------------------
// Affiliate tag
// ------------------------------------------------------------------------------------------

fn cookies(fx: &[Effect]) -> Vec<(String, String, u64)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::StoreCookie {
                name,
                value,
                max_age,
            } => Some((name.clone(), value.clone(), *max_age)),
            _ => None,
        })
        .collect()
}

fn sign_up(m: &mut Model) -> serde_json::Value {
    for (f, v) in [
        ("email", "a@b.test"),
        ("password", "password123"),
        ("currency", "USD"),
    ] {
        ui(
            m,
            AppUi::FormInput {
                form: FormId::SignUp,
                field: f.into(),
                value: FormValue::Text(v.into()),
            },
        );
    }
    ui(
        m,
        AppUi::FormInput {
            form: FormId::SignUp,
            field: "agreements".into(),
            value: FormValue::Bool(true),
        },
    );
    let fx = ui(
        m,
        AppUi::FormSubmit {
            form: FormId::SignUp,
        },
    );
    http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/player/register")
        .and_then(|h| h.body.clone())
        .expect("register sent")
}

#[test]
fn the_landing_tag_is_stored_for_30_days_and_sent_on_registration_and_login() {
    let (mut m, fx) = boot_at(
        "/?stag=aff_42&botURL=https%3A%2F%2Ft.me%2Fbot&ref=R1A",
        Boot::default(),
    );
    let c = cookies(&fx);
    assert!(c.contains(&(referral::TAG_COOKIE.into(), "aff_42".into(), 30 * 86_400)));
    assert!(c.contains(&(
        referral::BOT_URL_COOKIE.into(),
        "https://t.me/bot".into(),
        30 * 86_400
    )));
    assert!(c.contains(&(referral::REF_COOKIE.into(), "R1A".into(), 30 * 86_400)));
    let body = sign_up(&mut m);
    assert_eq!(body["affiliateTag"], "aff_42");
    assert_eq!(body["refId"], "R1A");
    assert_eq!(body["botUrl"], "https://t.me/bot");
}

#[test]
fn a_stored_tag_wins_over_a_new_one_and_days_come_from_the_config() {
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default().with(referral::COOKIES[0], "first"),
        ..Boot::default()
    };
    let (mut m, fx) = boot_at("/games?stag=second", prefs);
    assert!(cookies(&fx).is_empty(), "the stored tag is not replaced");
    assert_eq!(sign_up(&mut m)["affiliateTag"], "first");
    // Login sends it too.
    for (f, v) in [("email", "a@b.test"), ("password", "password123")] {
        ui(
            &mut m,
            AppUi::FormInput {
                form: FormId::SignIn,
                field: f.into(),
                value: FormValue::Text(v.into()),
            },
        );
    }
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignIn,
        },
    );
    let login = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/player/sessions")
        .and_then(|h| h.body.clone())
        .expect("login sent");
    assert_eq!(login["affiliateTag"], "first");

    let config = Config::read(&j!({"affiliateCookieDays": 7}));
    let mut m = Model::new(config);
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/?stag=%20x%20".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    assert_eq!(
        cookies(&fx),
        vec![(referral::TAG_COOKIE.into(), "x".into(), 7 * 86_400)]
    );
    // No tag anywhere: nothing stored, nothing sent.
    let (mut m, fx) = boot_at("/?stag=%20", Boot::default());
    assert!(cookies(&fx).is_empty());
    assert!(sign_up(&mut m)
        .get("affiliateTag")
        .is_none_or(|v| v.is_null()));
}

// ------------------------------------------------------------------------------------------
// Consent and geo
// ------------------------------------------------------------------------------------------

fn geo() -> Req {
    Req::Privacy(consent::Call::Geo)
}

fn modal(m: &Model) -> Option<String> {
    m.shared.location.query_value("modal").map(str::to_string)
}

#[test]
fn consent_is_asked_once_after_geo_and_recorded_for_third_parties() {
    let (mut m, fx) = boot_at("/", Boot::default());
    assert!(http(&fx).iter().any(|h| h.path == "/api/geo"));
    assert_eq!(modal(&m), None, "not before the country is known");
    respond(&mut m, geo(), 200, j!({"country": "de"}));
    assert_eq!(modal(&m).as_deref(), Some("cookie-request"));
    assert!(!m.shared.consent.decided && !m.shared.consent.analytics);
    let fx = ui(
        &mut m,
        consent::PrivacyUi::ConsentSave {
            analytics: true,
            marketing: false,
        },
    );
    assert!(fx.contains(&Effect::StoreLocal {
        key: "cookieConsent".into(),
        value: Some("analytics=1;marketing=0".into()),
    }));
    assert!(m.shared.consent.decided && m.shared.consent.analytics && !m.shared.consent.marketing);
    assert_eq!(modal(&m), None);
    let v = croupier_core::app::view(&m).consent;
    assert!(v.decided && v.analytics && !v.marketing);
    assert_eq!(v.country.as_deref(), Some("DE"));
    assert!(!v.restricted);
}

#[test]
fn a_stored_choice_is_not_asked_again_and_closing_decides_nothing() {
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default().with(
            croupier_core::app::features::consent::CONSENT,
            "analytics=0;marketing=1",
        ),
        ..Boot::default()
    };
    let (mut m, _) = boot_at("/", prefs);
    respond(&mut m, geo(), 200, j!({"country": "UA"}));
    assert_eq!(modal(&m), None);
    assert!(m.shared.consent.decided && m.shared.consent.marketing && !m.shared.consent.analytics);

    let (mut m, _) = boot_at("/", Boot::default());
    respond(&mut m, geo(), 500, j!({}));
    assert_eq!(
        modal(&m).as_deref(),
        Some("cookie-request"),
        "asked even without a country"
    );
    ui(&mut m, AppUi::CloseModal);
    go(&mut m, "/games");
    assert_eq!(modal(&m), None, "once per page load");
    assert!(!m.shared.consent.decided);
}

#[test]
fn restricted_countries_see_the_geo_popup_first_and_never_over_another_modal() {
    let (mut m, _) = boot_at("/", Boot::default());
    let fx = respond(&mut m, geo(), 200, j!({"country": "GB"}));
    assert_eq!(modal(&m).as_deref(), Some("geo-popup"));
    assert!(fx.contains(&Effect::StoreSession {
        key: consent::GEO_SEEN_KEY.into(),
        value: Some("1".into()),
    }));
    assert!(croupier_core::app::view(&m).consent.restricted);
    // Closing it lets the consent question come.
    ui(&mut m, AppUi::CloseModal);
    assert_eq!(modal(&m).as_deref(), Some("cookie-request"));

    // Seen in this browser session: not again.
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default().with(consent::GEO_SEEN, "1"),
        ..Boot::default()
    };
    let (mut m, _) = boot_at("/", prefs);
    respond(&mut m, geo(), 200, j!({"country": "GB"}));
    assert_eq!(modal(&m).as_deref(), Some("cookie-request"));

    // An address that opens a modal keeps it; the question waits until it closes.
    let (mut m, _) = boot_at("/?modal=sign-in", Boot::default());
    respond(&mut m, geo(), 200, j!({"country": "DE"}));
    assert_eq!(modal(&m).as_deref(), Some("sign-in"));
    ui(&mut m, AppUi::CloseModal);
    assert_eq!(modal(&m).as_deref(), Some("cookie-request"));

    // Never on the empty layout.
    let (mut m, _) = boot_at("/redirect?url=https%3A%2F%2Fa.example", Boot::default());
    respond(&mut m, geo(), 200, j!({"country": "DE"}));
    assert_eq!(modal(&m), None);
}

#[test]
fn the_seeded_xss_page_keeps_its_text_up_to_the_end_marker() {
    let pages: serde_json::Value =
        serde_json::from_str(include_str!("../../../sandbox/content/pages.json")).expect("pages");
    let body = pages["en"]
        .as_array()
        .and_then(|l| l.iter().find(|p| p["slug"] == "xss-check"))
        .and_then(|p| p["body"].as_str())
        .expect("xss-check page");
    let nodes = html::parse(body);
    assert_inert("xss-check", &nodes);
    let text = text_of(&nodes);
    assert!(text.contains("End of payloads."), "{text}");
}

/// The affiliate application: a submit shows every field's message, typed or not, and sends
/// nothing until the fields are right; then it sends the application.
#[test]
fn the_affiliate_application_checks_every_field_on_submit() {
    let mut m = support::guest("/referral");
    let input = |m: &mut Model, f: &str, v: &str| {
        ui(
            m,
            AppUi::FormInput {
                form: FormId::AffiliateApply,
                field: f.into(),
                value: FormValue::Text(v.into()),
            },
        )
    };
    input(&mut m, "fullName", "A");
    let submit = |m: &mut Model| {
        ui(
            m,
            AppUi::FormSubmit {
                form: FormId::AffiliateApply,
            },
        )
    };
    assert!(http(&submit(&mut m)).is_empty());
    let f = &croupier_core::app::view(&m).forms[&FormId::AffiliateApply];
    for field in ["fullName", "email", "website"] {
        assert!(f.errors.contains_key(field), "{field}: {:?}", f.errors);
    }
    input(&mut m, "fullName", "Ana Lima");
    input(&mut m, "email", "ana@example.com");
    input(&mut m, "website", "https://ana-reviews.example");
    let fx = submit(&mut m);
    let sent = http(&fx);
    assert_eq!(sent.len(), 1, "{fx:?}");
    assert_eq!(sent[0].body.as_ref().unwrap()["email"], "ana@example.com");
}

/// SPEC §3: the register call carries the page's language (a `/pt-br` sign-up is Portuguese;
/// it was always the default `en`).
#[test]
fn sign_up_sends_the_pages_locale() {
    let (mut m, _) = boot_at("/pt-br/wallet", Boot::default());
    assert_eq!(sign_up(&mut m)["locale"], "pt-br");
    let (mut m, _) = boot_at("/wallet", Boot::default());
    assert_eq!(sign_up(&mut m)["locale"], "en");
}

#[test]
fn the_geo_answer_keeps_the_default_country_for_odd_values() {
    // SPEC §7 geo `{country}`: a two-letter code (any case, padded) is the visitor's country;
    // absent, of another type, or an answer that is not an object: the default (UA).
    for (answer, want) in [
        (j!({"country": " br ", "city": "Recife"}), "BR"),
        (j!({"country": 76}), "UA"),
        (j!({"country": null}), "UA"),
        (j!({}), "UA"),
        (j!("BR"), "UA"),
    ] {
        let (mut m, _) = boot_at("/", Boot::default());
        respond(&mut m, geo(), 200, answer.clone());
        let v = croupier_core::app::view(&m).consent;
        assert_eq!(v.country.as_deref(), Some(want), "{answer}");
    }
}
