//! GET /api/content: per-locale text groups with fallback to English.

mod common;

use std::collections::BTreeSet;

use common::start;
use reqwest::StatusCode;
use serde_json::Value;

const ALL_GROUPS: &str = "groups[]=alerts&groups[]=fields-settings&groups[]=global-components&groups[]=layout&groups[]=modals";

/// `group.key` pairs of the core's built-in English (core/content/en.json).
fn core_texts() -> Vec<(String, String)> {
    let texts: serde_json::Map<String, Value> =
        serde_json::from_str(include_str!("../../core/content/en.json")).expect("core texts");
    texts
        .into_iter()
        .map(|(k, v)| (k, v.as_str().expect("text").to_string()))
        .collect()
}

fn flatten(body: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (group, texts) in body.as_object().expect("object of groups") {
        for (key, text) in texts.as_object().expect("object of texts") {
            out.push((
                format!("{group}.{key}"),
                text.as_str().expect("text").to_string(),
            ));
        }
    }
    out.sort();
    out
}

fn text<'a>(body: &'a Value, group: &str, key: &str) -> &'a str {
    body[group][key]
        .as_str()
        .unwrap_or_else(|| panic!("{group}.{key} missing"))
}

#[tokio::test]
async fn english_is_exactly_the_core_table() {
    let s = start().await;
    let r = s
        .get(&format!("/api/content?locale=en&{ALL_GROUPS}"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type.starts_with("application/json"));
    let mut want = core_texts();
    want.sort();
    assert!(want.len() > 100, "parsed {} core texts", want.len());
    assert_eq!(flatten(&r.body), want);
}

#[tokio::test]
async fn portuguese_translates_every_key() {
    let s = start().await;
    let en = s
        .get(&format!("/api/content?locale=en&{ALL_GROUPS}"), None)
        .await
        .body;
    let pt = s
        .get(&format!("/api/content?locale=pt-br&{ALL_GROUPS}"), None)
        .await
        .body;
    let keys = |v: &Value| {
        flatten(v)
            .into_iter()
            .map(|(k, _)| k)
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(keys(&pt), keys(&en));
    assert_eq!(text(&pt, "layout", "signIn"), "Entrar");
    assert_eq!(text(&pt, "layout", "error.title"), "Algo deu errado");
    assert_eq!(
        text(&pt, "modals", "reset-pass.title"),
        "Escolha uma nova senha"
    );
    // Real translations, not copies: only brand names and the like may stay the same.
    let same = flatten(&pt)
        .iter()
        .zip(flatten(&en))
        .filter(|(a, b)| a.1 == b.1)
        .count();
    assert!(same < 10, "{same} Portuguese texts equal the English ones");
    // Placeholders survive translation.
    assert!(text(&pt, "layout", "home.welcomeBack").contains("{name}"));
    assert!(text(&pt, "modals", "resetEmailSend.text").contains("{email}"));
}

#[tokio::test]
async fn partial_locales_fall_back_to_english_key_by_key() {
    let s = start().await;
    let en = s
        .get(&format!("/api/content?locale=en&{ALL_GROUPS}"), None)
        .await
        .body;
    for (locale, sign_in) in [("es", "Iniciar sesión"), ("ru", "Войти")] {
        let r = s
            .get(&format!("/api/content?locale={locale}&{ALL_GROUPS}"), None)
            .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(text(&r.body, "layout", "signIn"), sign_in);
        assert_eq!(
            text(&r.body, "layout", "home.subtitle"),
            text(&en, "layout", "home.subtitle")
        );
        assert_eq!(flatten(&r.body).len(), flatten(&en).len());
    }
}

#[tokio::test]
async fn unknown_or_missing_locale_answers_english() {
    let s = start().await;
    let en = s
        .get(&format!("/api/content?locale=en&{ALL_GROUPS}"), None)
        .await
        .body;
    for q in ["locale=zz", "locale=", "locale=%3Cscript%3E", ""] {
        let r = s.get(&format!("/api/content?{q}&{ALL_GROUPS}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{q}");
        assert_eq!(r.body, en, "{q}");
    }
    // Locale codes match case-insensitively.
    let pt = s
        .get("/api/content?locale=PT-BR&groups[]=layout", None)
        .await
        .body;
    assert_eq!(text(&pt, "layout", "signIn"), "Entrar");
}

#[tokio::test]
async fn only_the_requested_groups_are_answered() {
    let s = start().await;
    let r = s
        .get(
            "/api/content?locale=pt-br&groups[]=alerts&groups[]=modals&groups[]=nope",
            None,
        )
        .await;
    let groups: Vec<&String> = r.body.as_object().unwrap().keys().collect();
    assert_eq!(groups, ["alerts", "modals"]);
    // Percent-encoded brackets are the same parameter.
    let r = s
        .get("/api/content?locale=en&groups%5B%5D=layout", None)
        .await;
    assert_eq!(r.body.as_object().unwrap().len(), 1);
    assert_eq!(text(&r.body, "layout", "signIn"), "Sign in");
    // No groups parameter: every group.
    let r = s.get("/api/content?locale=en", None).await;
    assert_eq!(r.body.as_object().unwrap().len(), 5);
    // Only unknown groups: nothing.
    let r = s.get("/api/content?locale=en&groups[]=nope", None).await;
    assert_eq!(r.body, serde_json::json!({}));
}

#[tokio::test]
async fn content_is_public_and_read_only() {
    let s = start().await;
    let r = s.post("/api/content", None, serde_json::json!({})).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(r.error_code(), "method_not_allowed");
}
