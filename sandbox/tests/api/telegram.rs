//! Telegram mini-app init data: the verifier against published vectors, and the tg_login,
//! sync and social-connection routes over HTTP.

use crate::common;

use common::{start, start_with};
use croupier_sandbox::telegram::{sign, verify, InitError, TEST_BOT_TOKEN};
use croupier_sandbox::Config;
use reqwest::StatusCode;
use serde_json::json;

// aiogram's tests (tests/test_utils/test_web_app.py): bot token "42:TEST".
const AIOGRAM_1: &str = "auth_date=1650385342\
&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Test%22%7D\
&query_id=test\
&hash=46d2ea5e32911ec8d30999b56247654460c0d20949b6277af519e76271182803";
// Its second vector: `+` for spaces and \u escapes inside the user JSON.
const AIOGRAM_2: &str = "auth_date=1650385342\
&user=%7B%22id%22%3A+%22123456789%22%2C+%22first_name%22%3A+%22PlaceholderFirstName%22%2C+%22last_name%22%3A+%22PlaceholderLastName+%5Cud83c%5Cuddfa%5Cud83c%5Cudde6%22%2C+%22username%22%3A+%22Latand%22%2C+%22language_code%22%3A+%22en%22%2C+%22is_premium%22%3A+%22true%22%2C+%22allows_write_to_pm%22%3A+%22true%22%7D\
&query_id=test\
&hash=b3c8b293f14ad0f7f0abcf769aea1209a72295d30a87eb0e74df855d32e53bfe";

// @telegram-apps/init-data-node (tma.js) tests (packages/init-data-node/src/validate.test.ts).
const TMA_TOKEN: &str = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
const TMA: &str = "auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D";
// The tma.js documentation's init data example, same token.
const TMA_DOCS: &str = "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2";

#[test]
fn published_vectors_verify() {
    let a = verify(AIOGRAM_1, "42:TEST", 0, 0).expect("aiogram vector 1");
    assert_eq!(a.auth_date, 1650385342);
    let u = a.user.unwrap();
    assert_eq!((u.id, u.first_name.as_deref()), (42, Some("Test")));
    let b = verify(AIOGRAM_2, "42:TEST", 0, 0).expect("aiogram vector 2");
    assert_eq!(b.user.unwrap().id, 123456789, "string id is read too");
    let t = verify(TMA, TMA_TOKEN, 0, 0).expect("tma.js vector");
    assert_eq!(t.start_param.as_deref(), Some("debug"));
    let u = t.user.unwrap();
    assert_eq!(
        (u.id, u.username.as_deref(), u.photo_url.as_deref()),
        (222, Some("user-username"), Some("user-photo"))
    );
    verify(TMA_DOCS, TMA_TOKEN, 0, 0).expect("tma.js docs vector");
}

#[test]
fn wrong_token_or_tampered_data_is_bad_signature() {
    assert_eq!(
        verify(AIOGRAM_1, "42:INVALID", 0, 0),
        Err(InitError::BadSignature)
    );
    let tma_token_a = format!("{TMA_TOKEN}A");
    assert_eq!(
        verify(TMA, &tma_token_a, 0, 0),
        Err(InitError::BadSignature)
    );
    // One character of a signed value changed (user id 42 -> 43).
    let tampered = AIOGRAM_1.replace("%3A42%2C", "%3A43%2C");
    assert_eq!(
        verify(&tampered, "42:TEST", 0, 0),
        Err(InitError::BadSignature)
    );
    // A field added after signing.
    let added = format!("{AIOGRAM_1}&start_param=x");
    assert_eq!(
        verify(&added, "42:TEST", 0, 0),
        Err(InitError::BadSignature)
    );
    // Not a hex digest (aiogram: `hash=test`, and non-ASCII).
    for hash in ["test", "%C3%A9%C3%A9%C3%A9"] {
        let raw = format!("auth_date=1&user=%7B%22id%22%3A42%7D&hash={hash}");
        assert_eq!(verify(&raw, "42:TEST", 0, 0), Err(InitError::BadSignature));
    }
    // The hash's last digit flipped.
    let flipped = AIOGRAM_1.replace("182803", "182804");
    assert_eq!(
        verify(&flipped, "42:TEST", 0, 0),
        Err(InitError::BadSignature)
    );
}

#[test]
fn missing_parts_are_named() {
    let no_hash = "auth_date=1650385342&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Test%22%7D&query_id=test";
    assert_eq!(
        verify(no_hash, "42:TEST", 0, 0),
        Err(InitError::MissingHash)
    );
    assert_eq!(
        verify("auth_date=1&hash=", "42:TEST", 0, 0),
        Err(InitError::MissingHash)
    );
    assert_eq!(
        verify("hash=HHH", TMA_TOKEN, 0, 0),
        Err(InitError::MissingAuthDate)
    );
    assert_eq!(
        verify("auth_date=AAA&hash=HHH", TMA_TOKEN, 0, 0),
        Err(InitError::BadAuthDate)
    );
    assert_eq!(verify("", "42:TEST", 0, 0), Err(InitError::Malformed));
    assert_eq!(
        verify("test&foo=bar=baz", "42:TEST", 0, 0),
        Err(InitError::Malformed)
    );
    // The same key twice is ambiguous, whichever copy a verifier would read.
    let twice = format!("{AIOGRAM_1}&auth_date=1");
    assert_eq!(verify(&twice, "42:TEST", 0, 0), Err(InitError::Malformed));
}

#[test]
fn expiry_follows_max_age() {
    let now = 1650385342 + 86_400;
    assert!(
        verify(AIOGRAM_1, "42:TEST", 86_400, now).is_ok(),
        "exactly a day old"
    );
    assert_eq!(
        verify(AIOGRAM_1, "42:TEST", 86_400, now + 1),
        Err(InitError::Expired)
    );
    assert_eq!(
        verify(TMA, TMA_TOKEN, 1, 1_700_000_000),
        Err(InitError::Expired)
    );
    assert!(
        verify(TMA, TMA_TOKEN, 0, 1_700_000_000).is_ok(),
        "0 = no check"
    );
    // Signed in the future beyond a minute of clock skew.
    assert_eq!(
        verify(AIOGRAM_1, "42:TEST", 60, 1650385342 - 61),
        Err(InitError::Expired)
    );
    // Expiry is only told once the signature is right.
    assert_eq!(
        verify(AIOGRAM_1, "42:WRONG", 1, now),
        Err(InitError::BadSignature)
    );
}

#[test]
fn sign_round_trips_and_matches_a_published_vector() {
    let raw = sign(
        &[
            ("auth_date", "1650385342"),
            ("user", r#"{"id":42,"first_name":"Test"}"#),
            ("query_id", "test"),
        ],
        "42:TEST",
    );
    assert!(raw.ends_with("hash=46d2ea5e32911ec8d30999b56247654460c0d20949b6277af519e76271182803"));
    assert!(verify(&raw, "42:TEST", 0, 0).is_ok());
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn init_data(id: i64, auth_date: i64) -> String {
    let user = format!(
        r#"{{"id":{id},"first_name":"Ivan","last_name":"P","username":"ivan{id}","language_code":"en","photo_url":"https://t.me/i/userpic/{id}.jpg"}}"#
    );
    sign(
        &[
            ("query_id", "AAE1"),
            ("user", &user),
            ("auth_date", &auth_date.to_string()),
            ("signature", "sig"),
        ],
        TEST_BOT_TOKEN,
    )
}

#[tokio::test]
async fn tg_login_creates_then_finds_the_player() {
    let s = start().await;
    let body = json!({
        "tg_payload": init_data(5001, now()),
        "affiliate_tag": "aff-1",
        "ref_id": "77",
        "frogoFingerprint": "fp",
        "source": "https://t.me/croupier_bot",
        "platform": "tg",
    });
    let first = s.post("/api/player/tg_login", None, body.clone()).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let p = &first.body["profile"];
    assert_eq!(p["tgUserId"], 5001);
    assert_eq!(p["firstName"], "Ivan");
    assert_eq!(p["isNewlyRegistered"], true);
    let token = first.body["accessToken"].as_str().unwrap().to_string();
    let accounts = s.get("/api/wallet/accounts", Some(&token)).await;
    assert_eq!(
        accounts.body.as_array().map(Vec::len),
        Some(1),
        "{}",
        accounts.body
    );

    let stored = s.get("/api/_control/tg/users/5001", None).await;
    assert_eq!(
        stored.body["session"],
        json!({"source": "https://t.me/croupier_bot", "platform": "tg"})
    );

    let again = s.post("/api/player/tg_login", None, body).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["profile"]["id"], p["id"]);
    assert_eq!(again.body["profile"]["isNewlyRegistered"], false);
}

#[tokio::test]
async fn tg_login_refusals() {
    let s = start().await;
    let login = |payload: Option<String>| {
        let body = match payload {
            Some(p) => json!({ "tg_payload": p }),
            None => json!({}),
        };
        s.post("/api/player/tg_login", None, body)
    };
    let r = login(None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "tg_auth_failed");
    let unsigned = init_data(5002, now());
    let no_hash = unsigned.split("&hash=").next().unwrap().to_string();
    let r = login(Some(no_hash)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.body["message"], "The init data has no hash.");
    let tampered = unsigned.replace("Ivan", "Ivana");
    assert_eq!(login(Some(tampered)).await.status, StatusCode::UNAUTHORIZED);
    let old = login(Some(init_data(5002, now() - 86_401))).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    assert_eq!(old.body["message"], "The init data has expired.");
    // Signed with another bot's token.
    let foreign = AIOGRAM_1.to_string();
    assert_eq!(login(Some(foreign)).await.status, StatusCode::UNAUTHORIZED);

    let r = s
        .post(
            "/api/_control/tg/block",
            None,
            json!({ "tgUserId": 5002, "blocked": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = login(Some(init_data(5002, now()))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.error_code(), "account_blocked");
}

#[tokio::test]
async fn max_age_and_token_are_configuration() {
    let mut cfg = Config::for_tests();
    cfg.tg_max_age = 0;
    cfg.tg_bot_token = "42:TEST".into();
    let s = start_with(cfg).await;
    // A 2022 vector signs in when expiry is off and the token is aiogram's.
    let r = s
        .post(
            "/api/player/tg_login",
            None,
            json!({ "tg_payload": AIOGRAM_1 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["profile"]["tgUserId"], 42);
}

#[tokio::test]
async fn sync_stores_the_payload_for_the_signed_in_user_only() {
    let s = start().await;
    let r = s
        .post(
            "/api/player/tg_login",
            None,
            json!({ "tg_payload": init_data(6001, now()) }),
        )
        .await;
    let token = r.body["accessToken"].as_str().unwrap().to_string();
    let body = json!({"user_id": 6001, "username": "ivan", "language_code": "en",
                      "photo_url": "https://t.me/p.jpg", "name": "Ivan P"});
    let ok = s.put("/api/tg-bot/users", Some(&token), Some(body)).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    let stored = s.get("/api/_control/tg/users/6001", None).await;
    assert_eq!(stored.body["name"], "Ivan P");
    assert_eq!(stored.body["username"], "ivan");
    let other = s
        .put(
            "/api/tg-bot/users",
            Some(&token),
            Some(json!({"user_id": 6002})),
        )
        .await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);
    let anon = s
        .put("/api/tg-bot/users", None, Some(json!({"user_id": 6001})))
        .await;
    assert_eq!(anon.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn social_connection_links_telegram_to_a_web_player() {
    let s = start().await;
    let (token, profile) = s.register("web@example.com", "EUR").await;
    let r = s
        .post(
            "/api/player/social-connections/telegram",
            Some(&token),
            json!({ "payload": init_data(7001, now()) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["tgUserId"], 7001);
    let me = s.get("/api/player/profile", Some(&token)).await;
    assert_eq!(me.body["tgUserId"], 7001);
    // The mini-app now signs in as that web player.
    let tg = s
        .post(
            "/api/player/tg_login",
            None,
            json!({ "tg_payload": init_data(7001, now()) }),
        )
        .await;
    assert_eq!(tg.body["profile"]["id"], profile["id"]);
    // Another web player cannot take the same Telegram user.
    let (token2, _) = s.register("web2@example.com", "EUR").await;
    let r = s
        .post(
            "/api/player/social-connections/telegram",
            Some(&token2),
            json!({ "payload": init_data(7001, now()) }),
        )
        .await;
    assert_eq!(r.error_code(), "social_taken");
    let bad = s
        .post(
            "/api/player/social-connections/telegram",
            Some(&token2),
            json!({ "payload": "auth_date=1&hash=00" }),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn control_signs_init_data_with_the_configured_token() {
    let s = start().await;
    let r = s
        .post(
            "/api/_control/tg/sign",
            None,
            json!({"user": {"id": 8001, "first_name": "Eve"}, "startParam": "ref9"}),
        )
        .await;
    let raw = r.body["initData"].as_str().unwrap();
    let data = verify(raw, TEST_BOT_TOKEN, 60, now()).expect("verifies");
    assert_eq!(data.start_param.as_deref(), Some("ref9"));
    let login = s
        .post("/api/player/tg_login", None, json!({ "tg_payload": raw }))
        .await;
    assert_eq!(login.body["profile"]["firstName"], "Eve");
}
