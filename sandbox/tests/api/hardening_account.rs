//! Issue 32, accounts: a phone is set only by its code and belongs to one player; game tokens
//! end with their session and a password change; a confirmed e-mail moves only with the
//! password and its old address hears of it; wrong current passwords, parallel wrong logins
//! and "is this address taken" questions are all bounded. Any e-mail moves only with proof of
//! the owner: the password, or for a player without one a code to the confirmed e-mail or the
//! phone; a player with neither cannot move it. Adding or changing a phone needs the same proof,
//! but for a messenger player's first phone.

use crate::common;

use common::{start, start_with, Sandbox};
use croupier_sandbox::{Config, Limits};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn with(limits: Limits) -> Config {
    Config {
        limits,
        ..Config::for_tests()
    }
}

async fn otp_code(s: &Sandbox, phone: &str, player: Option<i64>) -> String {
    let q = player.map_or(String::new(), |p| format!("&playerId={p}"));
    let r = s
        .get(
            &format!("/api/_control/otp?phone={}{q}", phone.replace('+', "%2B")),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["code"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_phone_is_set_only_by_its_code_and_signs_in_its_owner() {
    let s = start().await;
    let (attacker, _) = s.register("attacker@example.com", "USD").await;
    let victim_phone = "+351912000111";
    // No code, no phone: the unchecked PUT is refused and changes nothing.
    let put = s
        .put(
            "/api/player/profile",
            Some(&attacker),
            Some(json!({ "phone": victim_phone })),
        )
        .await;
    assert_eq!(put.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", put.body);
    assert_eq!(put.field_errors("phone").len(), 1);
    let me = s.get("/api/player/profile", Some(&attacker)).await;
    assert_eq!(me.body["phone"], Value::Null);

    // The victim signs up by phone and lands in a fresh account of their own.
    s.post(
        "/api/player/otp/send",
        None,
        json!({ "phone": victim_phone }),
    )
    .await;
    let c = otp_code(&s, victim_phone, None).await;
    let v = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": victim_phone, "code": c }),
        )
        .await;
    assert_eq!(v.body["registered"], false, "{}", v.body);
    let reg = s
        .post(
            "/api/player/register/phone",
            None,
            json!({ "phone": victim_phone, "code": c, "currency": "USD", "agreements": true }),
        )
        .await;
    assert_eq!(reg.status, StatusCode::CREATED, "{}", reg.body);
    let victim_id = reg.body["profile"]["id"].clone();

    // The attacker cannot confirm the victim's number for themselves either.
    let send = s
        .post(
            "/api/player/otp/send",
            Some(&attacker),
            json!({ "phone": victim_phone }),
        )
        .await;
    assert_eq!(send.error_code(), "phone_taken");

    // Sending one's own number back with the profile is harmless.
    let vt = reg.body["accessToken"].as_str().unwrap();
    let same = s
        .put(
            "/api/player/profile",
            Some(vt),
            Some(json!({ "phone": "+351 912 000 111", "firstName": "Vic" })),
        )
        .await;
    assert_eq!(same.status, StatusCode::OK, "{}", same.body);
    assert_eq!(same.body["phone"], victim_phone);
    assert_eq!(same.body["id"], victim_id);
}

/// A real-money slot launch and a sportsbook token of the session behind `bearer`.
async fn game_tokens(s: &Sandbox, bearer: &str, player_id: i64) -> (String, String) {
    let bal = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "playerId": player_id, "balance": "50" }),
        )
        .await;
    let account = bal.body["id"].as_i64().unwrap();
    let play = s
        .post("/api/game/games/book-of-dead/play", Some(bearer), json!({}))
        .await;
    let slot = play.body["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let sport = s
        .post(
            "/api/game/sport/start",
            Some(bearer),
            json!({"gameKey": "sportsbook", "accountId": account, "lobbyUrl": "http://x/sport",
                   "locale": "en-GB", "countryCode": "UA", "platform": 2,
                   "provider": "sportsbook"}),
        )
        .await;
    assert_eq!(sport.status, StatusCode::OK, "{}", sport.body);
    (slot, sport.body["token"].as_str().unwrap().to_string())
}

async fn live(s: &Sandbox, slot: &str, sport: &str) -> (StatusCode, StatusCode) {
    let a = s.get(&format!("/api/game/slot/{slot}"), None).await.status;
    let b = s.get("/sportsbook/api/me", Some(sport)).await.status;
    (a, b)
}

#[tokio::test]
async fn game_tokens_end_with_logout_and_a_password_change() {
    let s = start().await;
    let (t, profile) = s.register("tokens@example.com", "USD").await;
    let id = profile["id"].as_i64().unwrap();
    let (slot, sport) = game_tokens(&s, &t, id).await;
    assert_eq!(
        live(&s, &slot, &sport).await,
        (StatusCode::OK, StatusCode::OK)
    );
    let out = s
        .post("/api/player/sessions/logout", Some(&t), json!({}))
        .await;
    assert!(out.status.is_success(), "{}", out.status);
    let (a, b) = live(&s, &slot, &sport).await;
    assert_eq!(a, StatusCode::NOT_FOUND, "the slot stops with the session");
    assert_eq!(b, StatusCode::UNAUTHORIZED, "the sportsbook too");
    let spin = s
        .post(
            &format!("/api/game/slot/{slot}/spin"),
            None,
            json!({"bet": "1.00"}),
        )
        .await;
    assert_eq!(
        spin.status,
        StatusCode::NOT_FOUND,
        "no spending after logout"
    );

    // A password change ends them too, even those of the session that changed it.
    let login = s.login("tokens@example.com", "secret-pass").await;
    let t2 = login.body["accessToken"].as_str().unwrap().to_string();
    let (slot, sport) = game_tokens(&s, &t2, id).await;
    assert_eq!(
        live(&s, &slot, &sport).await,
        (StatusCode::OK, StatusCode::OK)
    );
    let changed = s
        .put(
            "/api/player/passwords",
            Some(&t2),
            Some(
                json!({"currentPassword": "secret-pass", "newPassword": "another-pass",
                        "repeatNewPassword": "another-pass"}),
            ),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let (a, b) = live(&s, &slot, &sport).await;
    assert_eq!((a, b), (StatusCode::NOT_FOUND, StatusCode::UNAUTHORIZED));
}

async fn last_mail(s: &Sandbox, to: &str) -> Value {
    let all = s.get("/_outbox.json", None).await.body;
    all.as_array()
        .unwrap()
        .iter()
        .find(|m| m["recipient"] == to)
        .cloned()
        .unwrap_or(Value::Null)
}

#[tokio::test]
async fn a_confirmed_email_moves_only_with_the_password_and_the_old_one_is_told() {
    let s = start().await;
    let (t, _) = s.register("owner@example.com", "USD").await;
    // Registration mailed a code to the address; confirming it makes the address confirmed.
    confirm_email_code(&s, &t, "owner@example.com").await;
    let send = |body: Value| s.post("/api/player/profile/email/verify/send", Some(&t), body);
    let bare = send(json!({ "email": "thief@example.com" })).await;
    assert_eq!(bare.error_code(), "password_required");
    let wrong = send(json!({ "email": "thief@example.com", "currentPassword": "nope-nope" })).await;
    assert_eq!(
        wrong.field_errors("currentPassword").len(),
        1,
        "{}",
        wrong.body
    );
    assert_eq!(last_mail(&s, "thief@example.com").await, Value::Null);

    let right = send(json!({ "email": "new@example.com", "currentPassword": "secret-pass" })).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.body);
    confirm_email_code(&s, &t, "new@example.com").await;
    let me = s.get("/api/player/profile", Some(&t)).await;
    assert_eq!(me.body["email"], "new@example.com");
    let notice = last_mail(&s, "owner@example.com").await;
    assert!(
        notice["subject"].as_str().unwrap().contains("changed"),
        "{notice}"
    );
    assert!(notice["body"].as_str().unwrap().contains("new@example.com"));
}

/// Confirms an address with the code of the newest mail to it (the outbox).
async fn confirm_email_code(s: &Sandbox, token: &str, email: &str) {
    let code = last_mail(s, email).await["body"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .unwrap()
        .to_string();
    let ok = s
        .post(
            "/api/player/profile/email/verify/confirm",
            Some(token),
            json!({ "code": code }),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
}

#[tokio::test]
async fn wrong_current_passwords_are_limited() {
    let s = start_with(with(Limits {
        current_password_per_player: 3,
        ..Limits::default()
    }))
    .await;
    let (t, _) = s.register("pwchange@example.com", "USD").await;
    let change = |current: &'static str| {
        s.put(
            "/api/player/passwords",
            Some(&t),
            Some(
                json!({"currentPassword": current, "newPassword": "brand-new-pass",
                        "repeatNewPassword": "brand-new-pass"}),
            ),
        )
    };
    for _ in 0..3 {
        let r = change("guess-guess").await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    }
    let r = change("secret-pass").await;
    assert_eq!(
        r.status,
        StatusCode::TOO_MANY_REQUESTS,
        "even the right one waits"
    );
    assert_eq!(r.error_code(), "too_many_attempts");
    assert!(r.body["retryAfter"].as_u64().unwrap() >= 1);
}

#[tokio::test]
async fn parallel_wrong_passwords_cannot_pass_the_login_limit() {
    let s = start_with(with(Limits {
        login_per_account: 5,
        login_per_client: 1000,
        hash_queue: 1000,
        ..Limits::default()
    }))
    .await;
    s.register("parallel@example.com", "USD").await;
    let tries = (0..20).map(|_| s.login("parallel@example.com", "wrong-pass"));
    let answers = futures_util::future::join_all(tries).await;
    let checked = answers
        .iter()
        .filter(|r| r.status == StatusCode::UNPROCESSABLE_ENTITY)
        .count();
    let refused = answers
        .iter()
        .filter(|r| r.status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((checked, refused), (5, 15), "only 5 passwords verified");
}

#[tokio::test]
async fn asking_whether_addresses_are_taken_is_limited() {
    let s = start_with(with(Limits {
        lookup_per_player: 4,
        lookup_per_address: 2,
        ..Limits::default()
    }))
    .await;
    let (t, _) = s.register("prober@example.com", "USD").await;
    s.register("taken@example.com", "USD").await;
    let ask = |email: String| {
        s.post(
            "/api/player/profile/email/verify/send",
            Some(&t),
            json!({ "email": email, "currentPassword": "secret-pass" }),
        )
    };
    // Per address: the same address twice, then 429.
    for _ in 0..2 {
        assert_eq!(
            ask("taken@example.com".into()).await.error_code(),
            "email_taken"
        );
    }
    let r = ask("taken@example.com".into()).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    // Per player: two more addresses, then 429 for any (phones count too).
    for i in 0..2 {
        let r = ask(format!("other{i}@example.com")).await;
        assert_ne!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    }
    let r = s
        .post(
            "/api/player/otp/send",
            Some(&t),
            json!({ "phone": "+351912000222" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
}

#[tokio::test]
async fn an_unconfirmed_email_moves_only_with_the_password_too() {
    let s = start().await;
    let (t, _) = s.register("fresh@example.com", "USD").await;
    let send = |body: Value| s.post("/api/player/profile/email/verify/send", Some(&t), body);
    let bare = send(json!({ "email": "thief@example.com" })).await;
    assert_eq!(bare.error_code(), "password_required", "{}", bare.body);
    assert_eq!(bare.field_errors("currentPassword").len(), 1);
    let wrong = send(json!({ "email": "thief@example.com", "currentPassword": "nope-nope" })).await;
    assert_eq!(
        wrong.field_errors("currentPassword").len(),
        1,
        "{}",
        wrong.body
    );
    assert_eq!(last_mail(&s, "thief@example.com").await, Value::Null);
    // The proof comes before "is it taken": a bearer alone learns nothing.
    s.register("other@example.com", "USD").await;
    let probe = send(json!({ "email": "other@example.com" })).await;
    assert_eq!(probe.error_code(), "password_required");
    // Its own, still unconfirmed address moves nothing and needs no password.
    let own = send(json!({ "email": "fresh@example.com" })).await;
    assert_ne!(own.error_code(), "password_required", "{}", own.body);
    let right =
        send(json!({ "email": "mine@example.com", "currentPassword": "secret-pass" })).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.body);
    // Players with a password prove it with the password, not with an owner code.
    let code = s
        .post("/api/player/otp/email/send", Some(&t), json!({}))
        .await;
    assert_eq!(code.error_code(), "password_required");
}

/// A player signed up by phone (no e-mail, no password): their bearer.
async fn phone_player(s: &Sandbox, phone: &str) -> String {
    s.post("/api/player/otp/send", None, json!({ "phone": phone }))
        .await;
    let c = otp_code(s, phone, None).await;
    s.post(
        "/api/player/otp/verify",
        None,
        json!({ "phone": phone, "code": c }),
    )
    .await;
    let reg = s
        .post(
            "/api/player/register/phone",
            None,
            json!({ "phone": phone, "code": c, "currency": "USD", "agreements": true }),
        )
        .await;
    assert_eq!(reg.status, StatusCode::CREATED, "{}", reg.body);
    assert_eq!(reg.body["profile"]["hasPassword"], false);
    reg.body["accessToken"].as_str().unwrap().to_string()
}

/// The six digits of the newest owner code sent to `to` (mail or SMS).
async fn owner_code(s: &Sandbox, to: &str) -> String {
    let m = last_mail(s, to).await;
    assert!(
        m["subject"]
            .as_str()
            .unwrap_or("")
            .contains("change the e-mail or phone"),
        "{m}"
    );
    m["body"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_player_without_a_password_moves_the_email_with_a_code_to_the_phone_then_the_old_address()
{
    let s = start().await;
    let phone = "+351912000333";
    let t = phone_player(&s, phone).await;
    let send = |body: Value| s.post("/api/player/profile/email/verify/send", Some(&t), body);
    let bare = send(json!({ "email": "thief@example.com" })).await;
    assert_eq!(bare.error_code(), "code_required", "{}", bare.body);
    assert_eq!(bare.field_errors("code").len(), 1);
    let guessed = send(json!({ "email": "thief@example.com", "code": "123456" })).await;
    assert_eq!(guessed.error_code(), "otp_expired", "no code was asked for");

    // The code goes by SMS to the phone the player signed up with.
    let asked = s
        .post("/api/player/otp/email/send", Some(&t), json!({}))
        .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    assert_eq!(
        (asked.body["channel"].as_str(), asked.body["to"].as_str()),
        (Some("sms"), Some(phone))
    );
    let code = owner_code(&s, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let r = send(json!({ "email": "new@example.com", "code": wrong })).await;
    assert_eq!(r.error_code(), "otp_invalid", "{}", r.body);
    let r = send(json!({ "email": "new@example.com", "code": code })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // Spent: the same code does not move the e-mail again.
    let again = send(json!({ "email": "thief@example.com", "code": code })).await;
    assert_eq!(again.error_code(), "otp_expired");
    confirm_email_code(&s, &t, "new@example.com").await;

    // Now the account has a confirmed e-mail: the next code goes to that (old) address.
    control_resend(&s, 0).await;
    let asked = s
        .post("/api/player/otp/email/send", Some(&t), json!({}))
        .await;
    assert_eq!(asked.body["channel"], "email", "{}", asked.body);
    let code = owner_code(&s, "new@example.com").await;
    let r = send(json!({ "email": "newer@example.com", "code": code })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

async fn control_resend(s: &Sandbox, secs: i64) {
    let r = s
        .post("/api/_control/otp", None, json!({ "resendSecs": secs }))
        .await;
    assert!(r.status.is_success(), "{}", r.body);
}

/// A messenger (Telegram) player with no password, e-mail or phone: their bearer.
async fn messenger_player(s: &Sandbox, tg_id: u64) -> String {
    use croupier_sandbox::telegram::{sign, TEST_BOT_TOKEN};
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .to_string();
    let user = format!(r#"{{"id":{tg_id},"first_name":"Tg","language_code":"en"}}"#);
    let payload = sign(&[("user", &user), ("auth_date", &now)], TEST_BOT_TOKEN);
    let login = s
        .post(
            "/api/player/tg_login",
            None,
            json!({ "tg_payload": payload }),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    login.body["accessToken"].as_str().unwrap().to_string()
}

/// The signed-in player's SMS code for `phone` asked for; its six digits.
async fn phone_code(s: &Sandbox, t: &str, phone: &str) -> String {
    let r = s
        .post("/api/player/otp/send", Some(t), json!({ "phone": phone }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let me = s.get("/api/player/profile", Some(t)).await;
    otp_code(s, phone, me.body["id"].as_i64()).await
}

/// The signed-in player confirms `phone` with its SMS code, `proof`'s fields added to the body;
/// the answer.
async fn confirm_phone(s: &Sandbox, t: &str, phone: &str, proof: Value) -> common::Reply {
    let c = phone_code(s, t, phone).await;
    let mut body = json!({ "phone": phone, "code": c });
    if let (Some(b), Value::Object(p)) = (body.as_object_mut(), proof) {
        b.extend(p);
    }
    s.post("/api/player/otp/verify", Some(t), body).await
}

#[tokio::test]
async fn adding_a_phone_to_a_player_with_a_password_needs_the_password() {
    let s = start().await;
    let (t, _) = s.register("owner@example.com", "USD").await;
    let phone = "+351912000444";
    let c = phone_code(&s, &t, phone).await;
    let verify = |body: Value| s.post("/api/player/otp/verify", Some(&t), body);
    // The stolen bearer with the thief's own SMS code is not enough.
    let bare = verify(json!({ "phone": phone, "code": c })).await;
    assert_eq!(bare.error_code(), "password_required", "{}", bare.body);
    assert_eq!(bare.field_errors("currentPassword").len(), 1);
    let wrong = verify(json!({ "phone": phone, "code": c, "currentPassword": "guess-1234" })).await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        wrong.field_errors("currentPassword").len(),
        1,
        "{}",
        wrong.body
    );
    let me = s.get("/api/player/profile", Some(&t)).await;
    assert_eq!(me.body["phone"], Value::Null);
    // The refusals were checked before the code: it still works with the password.
    let ok = verify(json!({ "phone": phone, "code": c, "currentPassword": "secret-pass" })).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.body["phone"], phone);
}

#[tokio::test]
async fn a_phone_only_player_changes_the_phone_with_a_code_to_the_old_one() {
    let s = start().await;
    let old = "+351912000555";
    let new = "+351912000666";
    let t = phone_player(&s, old).await;
    let c = phone_code(&s, &t, new).await;
    let verify = |body: Value| s.post("/api/player/otp/verify", Some(&t), body);
    let bare = verify(json!({ "phone": new, "code": c })).await;
    assert_eq!(bare.error_code(), "code_required", "{}", bare.body);
    assert_eq!(bare.field_errors("ownerCode").len(), 1);
    let guessed = verify(json!({ "phone": new, "code": c, "ownerCode": "123456" })).await;
    assert_eq!(
        guessed.error_code(),
        "otp_expired",
        "no owner code was asked for"
    );

    let asked = s
        .post("/api/player/otp/email/send", Some(&t), json!({}))
        .await;
    assert_eq!(
        (asked.body["channel"].as_str(), asked.body["to"].as_str()),
        (Some("sms"), Some(old)),
        "{}",
        asked.body
    );
    let owner = owner_code(&s, old).await;
    let wrong = if owner == "000000" {
        "111111"
    } else {
        "000000"
    };
    let r = verify(json!({ "phone": new, "code": c, "ownerCode": wrong })).await;
    assert_eq!(r.error_code(), "otp_invalid", "{}", r.body);
    assert_eq!(r.field_errors("ownerCode").len(), 1);
    let r = verify(json!({ "phone": new, "code": c, "ownerCode": owner })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], new);
    // The owner code is spent with the change.
    let c2 = phone_code(&s, &t, "+351912000777").await;
    let again = verify(json!({ "phone": "+351912000777", "code": c2, "ownerCode": owner })).await;
    assert_eq!(again.error_code(), "otp_expired", "{}", again.body);
}

#[tokio::test]
async fn a_messenger_player_adds_a_first_phone_with_its_code_alone() {
    let s = start().await;
    let t = messenger_player(&s, 7002).await;
    let first = "+351912000888";
    let r = confirm_phone(&s, &t, first, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], first);
    // Now the phone is a factor: moving it needs the owner code sent to it.
    let other = "+351912000999";
    let c = phone_code(&s, &t, other).await;
    let r = s
        .post(
            "/api/player/otp/verify",
            Some(&t),
            json!({ "phone": other, "code": c }),
        )
        .await;
    assert_eq!(r.error_code(), "code_required", "{}", r.body);
}

#[tokio::test]
async fn a_messenger_player_with_no_phone_cannot_move_the_email() {
    use croupier_sandbox::telegram::{sign, TEST_BOT_TOKEN};
    let s = start().await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .to_string();
    let user = r#"{"id":7001,"first_name":"Tg","language_code":"en"}"#;
    let payload = sign(&[("user", user), ("auth_date", &now)], TEST_BOT_TOKEN);
    let login = s
        .post(
            "/api/player/tg_login",
            None,
            json!({ "tg_payload": payload }),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    let t = login.body["accessToken"].as_str().unwrap();
    let r = s
        .post(
            "/api/player/profile/email/verify/send",
            Some(t),
            json!({ "email": "thief@example.com" }),
        )
        .await;
    assert_eq!(r.error_code(), "owner_unproven", "{}", r.body);
    let code = s
        .post("/api/player/otp/email/send", Some(t), json!({}))
        .await;
    assert_eq!(code.error_code(), "owner_unproven");
    assert_eq!(last_mail(&s, "thief@example.com").await, Value::Null);
}

#[tokio::test]
async fn a_phone_is_removed_only_with_proof_of_the_owner() {
    let s = start().await;
    // A messenger player's first phone is their only factor: a stolen bearer that could
    // clear it would then add the thief's phone with its code alone and sign in by it.
    let t = messenger_player(&s, 7003).await;
    let phone = "+351912001111";
    let r = confirm_phone(&s, &t, phone, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let put = |body: Value| s.put("/api/player/profile", Some(&t), Some(body));
    for cleared in [Value::Null, json!(""), json!("  ")] {
        let r = put(json!({ "phone": cleared })).await;
        assert_eq!(r.error_code(), "code_required", "{}", r.body);
        assert_eq!(r.field_errors("ownerCode").len(), 1);
    }
    let me = s.get("/api/player/profile", Some(&t)).await;
    assert_eq!(me.body["phone"], phone, "the refusals changed nothing");
    // The owner code goes to that phone; with it the owner clears it, once.
    s.post("/api/player/otp/email/send", Some(&t), json!({}))
        .await;
    let owner = owner_code(&s, phone).await;
    let r = put(json!({ "phone": null, "ownerCode": owner })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], Value::Null);

    // A player with a password gives it; a wrong one is refused on the field.
    let (t, _) = s.register("keeps-phone@example.com", "USD").await;
    let phone = "+351912001222";
    let r = confirm_phone(&s, &t, phone, json!({ "currentPassword": "secret-pass" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let put = |body: Value| s.put("/api/player/profile", Some(&t), Some(body));
    let r = put(json!({ "phone": null, "firstName": "Keeps" })).await;
    assert_eq!(r.error_code(), "password_required", "{}", r.body);
    let r = put(json!({ "phone": null, "currentPassword": "guess-1234" })).await;
    assert_eq!(r.field_errors("currentPassword").len(), 1, "{}", r.body);
    let me = s.get("/api/player/profile", Some(&t)).await;
    assert_eq!(
        (&me.body["phone"], &me.body["firstName"]),
        (&json!(phone), &Value::Null)
    );
    let r = put(json!({ "phone": null, "currentPassword": "secret-pass" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], Value::Null);
    // Clearing a phone the player does not have asks for nothing.
    let r = put(json!({ "phone": null, "firstName": "Keeps" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}
