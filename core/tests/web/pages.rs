//! Content pages (issue 16) in real browsers (Chrome and Firefox) against a real sandbox: the
//! page calls as gloo-net builds them (the slug percent-encoded, `locale` and `type` in the
//! query), and a guest's `Core` on a page's address: the `contentPage` slice as the view reads
//! it (title, the sanitised tree of `tag`/`text`/`href`/`children`, the questions list with its
//! addresses), the page's language, and a missing page. Run through `scripts/with-sandbox.sh`.

use crate::sandbox_url;
use croupier_core::app::features::pages::{Call, Key};
use croupier_core::app::{CallId, Config, Guard, HttpRequest, Req};
use croupier_core::bindings::Core;
use croupier_core::runtime::{http, storage};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn at(v: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(v.clone(), |v, k| {
        if v.is_undefined() || v.is_null() {
            return v;
        }
        js_sys::Reflect::get(&v, &k.into()).unwrap_or(JsValue::UNDEFINED)
    })
}

fn str_at(v: &JsValue, path: &str) -> Option<String> {
    at(v, path).as_string()
}

fn items(v: &JsValue) -> Vec<JsValue> {
    js_sys::Array::from(v).iter().collect()
}

fn text(v: &JsValue) -> String {
    js_sys::JSON::stringify(v)
        .map(String::from)
        .unwrap_or_default()
}

/// A guest's app started on `path` (the test page's address is put back after `f`).
async fn on_page<T>(path: &str, f: impl AsyncFnOnce(&Core) -> T) -> T {
    storage::clear_token();
    let window = web_sys::window().unwrap();
    let history = window.history().unwrap();
    let before = window.location().href().unwrap();
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(path))
        .unwrap();
    let config = format!(r#"{{"apiBase":"{}"}}"#, sandbox_url());
    let core = Core::new(js_sys::JSON::parse(&config).unwrap());
    core.start();
    let out = f(&core).await;
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(&before))
        .unwrap();
    out
}

/// The `contentPage` slice once its status is no longer loading (10 s at most). The slice is
/// the `pages` group's: the whole view carries it once the group's code is here.
async fn settled(core: &Core) -> JsValue {
    for _ in 0..400 {
        let page = at(&core.view(), "contentPage");
        if !matches!(
            str_at(&page, "status").as_deref(),
            None | Some("loading" | "none")
        ) {
            return page;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
    panic!(
        "the page never came: {}",
        text(&at(&core.view(), "contentPage"))
    );
}

fn navigate(core: &Core, path: &str) {
    let event = serde_json::json!({"type": "navigate", "path": path}).to_string();
    core.dispatch(js_sys::JSON::parse(&event).unwrap());
}

/// Every node of the tree, depth first.
fn nodes(list: &JsValue, out: &mut Vec<JsValue>) {
    for n in items(list) {
        nodes(&at(&n, "children"), out);
        out.push(n);
    }
}

#[wasm_bindgen_test]
fn page_calls_encode_the_slug_and_ask_by_locale_and_kind() {
    let built = |kind: &'static str, slug: &str| {
        let req = Req::Pages(Call::Page(Key {
            kind,
            slug: slug.into(),
            locale: "pt-br".into(),
        }));
        let route = req.endpoint();
        let request = HttpRequest {
            id: CallId(1),
            method: route.method,
            path: route.path,
            query: route.query,
            body: None,
            bearer: None,
            source_platform: route.source_platform,
            guarded: Guard::None,
            file_input: None,
            req,
        };
        let base = http::Base::from(&Config {
            api_base: "http://127.0.0.1:9".into(),
            ..Config::default()
        });
        http::build(&base, &request, None).unwrap()
    };
    let page = built("static", "terms");
    assert_eq!(
        page.url(),
        "http://127.0.0.1:9/api/content/pages/terms?locale=pt-br&type=static"
    );
    assert_eq!(page.headers().get("authorization"), None, "a public call");
    // The `/{slug}` fallback: any kind, and a slug of segments stays one path segment.
    assert_eq!(
        built("", "a b/ç?").url(),
        "http://127.0.0.1:9/api/content/pages/a%20b%2F%C3%A7%3F?locale=pt-br"
    );
}

#[wasm_bindgen_test]
async fn a_hostile_page_reaches_the_view_as_inert_allow_listed_nodes() {
    let page = on_page("/static/xss-check", async |core| settled(core).await).await;
    assert_eq!(
        str_at(&page, "status").as_deref(),
        Some("ready"),
        "{}",
        text(&page)
    );
    assert_eq!(str_at(&page, "title").as_deref(), Some("XSS check"));
    let mut all = Vec::new();
    nodes(&at(&page, "body"), &mut all);
    let allowed = [
        "",
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
    ];
    for n in &all {
        let tag = str_at(n, "tag").unwrap_or_else(|| panic!("no tag: {}", text(n)));
        assert!(allowed.contains(&tag.as_str()), "{tag}: {}", text(n));
        if let Some(href) = str_at(n, "href") {
            let h = href.to_ascii_lowercase();
            assert!(
                h.starts_with("http") || h.starts_with('/') || h.starts_with("mailto:"),
                "{href}"
            );
        }
        // Nothing but the known fields: no attribute of the page's markup came through.
        let keys = js_sys::Object::keys(&n.clone().into());
        for k in keys.iter() {
            let k = k.as_string().unwrap();
            assert!(
                ["tag", "text", "href", "alt", "external", "children"].contains(&k.as_str()),
                "{k}: {}",
                text(n)
            );
        }
    }
    // What is harmless stays: the bold text after a broken script, the logo with its text.
    let strong_kept = all.iter().any(|n| {
        str_at(n, "tag").as_deref() == Some("strong")
            && str_at(n, "children.0.text").as_deref() == Some("kept")
    });
    assert!(strong_kept, "{}", text(&at(&page, "body")));
    let logo = all
        .iter()
        .find(|n| str_at(n, "href").as_deref() == Some("/logo.svg"))
        .expect("the logo");
    assert_eq!(str_at(logo, "tag").as_deref(), Some("img"));
    assert_eq!(str_at(logo, "alt").as_deref(), Some("logo"));
}

#[wasm_bindgen_test]
async fn questions_link_each_other_and_pages_follow_the_language_and_go_missing() {
    on_page("/questions/how-to-deposit", async |core| {
        let page = settled(core).await;
        assert_eq!(
            str_at(&page, "title").as_deref(),
            Some("How do I make a deposit?")
        );
        let mut list = Vec::new();
        for _ in 0..400 {
            list = items(&at(&core.view(), "contentPage.questions"));
            if !list.is_empty() {
                break;
            }
            gloo_timers::future::TimeoutFuture::new(25).await;
        }
        assert_eq!(list.len(), 5, "{}", text(&at(&core.view(), "contentPage")));
        let active: Vec<_> = list
            .iter()
            .filter(|q| at(q, "active").as_bool() == Some(true))
            .collect();
        assert_eq!(active.len(), 1);
        assert_eq!(
            str_at(active[0], "href").as_deref(),
            Some("/questions/how-to-deposit")
        );
        assert_eq!(
            str_at(&core.view(), "contentPage.questionsHref").as_deref(),
            Some("/questions")
        );
        // The same page in Portuguese: its own call, its own text and addresses.
        navigate(core, "/pt-br/questions/how-to-deposit");
        let mut title = None;
        for _ in 0..400 {
            title = str_at(&core.view(), "contentPage.title");
            if title.as_deref() == Some("Como faço um depósito?") {
                break;
            }
            gloo_timers::future::TimeoutFuture::new(25).await;
        }
        assert_eq!(title.as_deref(), Some("Como faço um depósito?"));
        assert_eq!(
            str_at(&core.view(), "contentPage.questionsHref").as_deref(),
            Some("/pt-br/questions")
        );
        // A slug the platform does not know: the error page, not an endless loader.
        navigate(core, "/static/no-such-page");
        let page = settled(core).await;
        assert_eq!(
            str_at(&page, "status").as_deref(),
            Some("missing"),
            "{}",
            text(&page)
        );
    })
    .await;
}
