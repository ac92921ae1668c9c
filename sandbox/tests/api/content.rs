//! GET /api/content: per-locale text groups with fallback to English.

use crate::common;

use std::collections::BTreeSet;

use common::start;
use reqwest::StatusCode;
use serde_json::Value;

const ALL_GROUPS: &str = "groups[]=alerts&groups[]=fields-settings&groups[]=global-components&groups[]=layout&groups[]=modals";

/// `group.key` pairs of the core's built-in English (core/content/en.json).
fn core_texts() -> Vec<(String, String)> {
    let texts: serde_json::Map<String, Value> =
        serde_json::from_str(include_str!("../../../core/content/en.json")).expect("core texts");
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

/// `group.key` pairs of a seed file (sandbox/content/<locale>.json), sorted.
fn seed_texts(json: &str) -> Vec<(String, String)> {
    flatten(&serde_json::from_str(json).expect("seed content parses"))
}

/// The interpolation tokens of a text (`{amount}`, `{count}`, ...), sorted, repeats kept.
fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        out.push(rest[open..open + len + 1].to_string());
        rest = &rest[open + len + 1..];
    }
    out.sort();
    out
}

#[test]
fn placeholders_are_the_braced_tokens() {
    assert_eq!(
        placeholders("{b} of {a}, {b}"),
        ["{a}", "{b}", "{b}"].map(String::from)
    );
    assert!(placeholders("no tokens { here").is_empty());
}

/// Every non-default locale: (code, its seed file, texts that may equal the English ones
/// (brand, codes, URLs, international words), layout.signIn, layout.error.title,
/// modals.reset-pass.title).
const TRANSLATIONS: &[(&str, &str, &[&str], [&str; 3])] = &[
    (
        "pt-br",
        include_str!("../../content/pt-br.json"),
        &[
            "fields-settings.email.label",
            "fields-settings.email.placeholder",
            "fields-settings.website.placeholder",
            "global-components.bonuses.cashback",
            "global-components.bonuses.ok",
            "global-components.protection.lengthHours",
            "global-components.protection.ok",
            "layout.brand",
            "layout.menu",
            "layout.miniapp.news.channel",
            "modals.cookie-request.title",
            "modals.email.title",
        ],
        ["Entrar", "Algo deu errado", "Escolha uma nova senha"],
    ),
    (
        "es",
        include_str!("../../content/es.json"),
        &[
            "fields-settings.email.placeholder",
            "fields-settings.website.placeholder",
            "global-components.bonuses.cashback",
            "global-components.bonuses.no",
            "global-components.games.sort.name",
            "global-components.protection.lengthHours",
            "global-components.wallet.field.cpf_number",
            "layout.brand",
            "layout.error.status",
            "layout.miniapp.news.channel",
            "layout.nav.casino",
            "modals.cookie-request.title",
        ],
        [
            "Iniciar sesión",
            "Algo salió mal",
            "Elige una nueva contraseña",
        ],
    ),
    (
        "ru",
        include_str!("../../content/ru.json"),
        &[
            "fields-settings.email.label",
            "fields-settings.email.placeholder",
            "fields-settings.website.placeholder",
            "global-components.wallet.field.cpf_number",
            "layout.brand",
            "layout.miniapp.news.channel",
            "layout.nav.questions",
            "modals.email.title",
        ],
        ["Войти", "Что-то пошло не так", "Задайте новый пароль"],
    ),
];

#[test]
fn every_locale_file_translates_every_english_key_with_its_placeholders() {
    let en = seed_texts(include_str!("../../content/en.json"));
    assert!(en.len() > 100, "parsed {} English texts", en.len());
    let en_keys: Vec<&String> = en.iter().map(|(k, _)| k).collect();
    for (locale, json, may_equal, _) in TRANSLATIONS {
        let texts = seed_texts(json);
        // The file itself holds every key (the API would hide a missing one behind English).
        let keys: Vec<&String> = texts.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, en_keys, "{locale}: keys differ from en.json");
        for ((key, english), (_, text)) in en.iter().zip(&texts) {
            assert!(!text.trim().is_empty(), "{locale} {key} is empty");
            assert_eq!(
                placeholders(text),
                placeholders(english),
                "{locale} {key}: {text:?} has other placeholders than {english:?}"
            );
            // Real translations, not copies: only the listed texts may stay the same.
            assert!(
                text != english || may_equal.contains(&key.as_str()),
                "{locale} {key} is still English: {text:?}"
            );
        }
    }
}

#[tokio::test]
async fn every_locale_is_served_translated() {
    let s = start().await;
    let en = s
        .get(&format!("/api/content?locale=en&{ALL_GROUPS}"), None)
        .await
        .body;
    let keys = |v: &Value| {
        flatten(v)
            .into_iter()
            .map(|(k, _)| k)
            .collect::<BTreeSet<_>>()
    };
    for (locale, json, may_equal, [sign_in, error_title, reset_title]) in TRANSLATIONS {
        let r = s
            .get(&format!("/api/content?locale={locale}&{ALL_GROUPS}"), None)
            .await;
        assert_eq!(r.status, StatusCode::OK, "{locale}");
        let body = r.body;
        assert_eq!(keys(&body), keys(&en), "{locale}");
        // What is served is the locale's own file, every text of it.
        assert_eq!(flatten(&body), seed_texts(json), "{locale}");
        assert_eq!(text(&body, "layout", "signIn"), *sign_in, "{locale}");
        assert_eq!(
            text(&body, "layout", "error.title"),
            *error_title,
            "{locale}"
        );
        assert_eq!(
            text(&body, "modals", "reset-pass.title"),
            *reset_title,
            "{locale}"
        );
        let same = flatten(&body)
            .iter()
            .zip(flatten(&en))
            .filter(|(a, b)| a.1 == b.1)
            .count();
        assert!(
            same <= may_equal.len(),
            "{same} {locale} texts equal the English ones"
        );
        // Placeholders survive translation.
        assert!(
            text(&body, "layout", "home.welcomeBack").contains("{name}"),
            "{locale}"
        );
        assert!(
            text(&body, "modals", "resetEmailSend.text").contains("{email}"),
            "{locale}"
        );
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
