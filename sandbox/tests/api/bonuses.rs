//! SPEC §7 Bonuses on the sandbox: lists by status and currency, activate (twice = once),
//! cancel (locked, unsettled bets, forced), wagering to played with the balance credited,
//! bonus codes (applied, incorrect 3, not available 4, normalised), cashback, deposit bonuses.

use crate::common;

use common::start;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn bonus_lifecycle_and_codes() {
    let s = start().await;
    let (t, _) = s.register("bonus@example.test", "USD").await;
    let t = t.as_str();
    let issue = s
        .post(
            "/api/_control/bonuses",
            None,
            json!({ "email": "bonus@example.test", "currency": "USD", "amount": "10.00", "wager": 2, "gameIds": [7] }),
        )
        .await;
    assert_eq!(issue.status, StatusCode::OK, "{}", issue.body);
    let id = issue.body["id"].as_i64().unwrap();
    assert_eq!(issue.body["status"], 1);
    assert_eq!(issue.body["wager"]["required"], "20.00");

    let list = s
        .get(
            "/api/game/player-bonuses?status[]=1&status[]=2&currency[]=USD",
            Some(t),
        )
        .await;
    assert_eq!(list.body.as_array().unwrap().len(), 1);
    let other = s
        .get("/api/game/player-bonuses?currency[]=EUR", Some(t))
        .await;
    assert_eq!(other.body.as_array().unwrap().len(), 0);

    let path = format!("/api/game/player-bonuses/{id}/activate");
    assert_eq!(s.put(&path, Some(t), None).await.body["status"], 2);
    // Twice activates once.
    assert_eq!(s.put(&path, Some(t), None).await.body["status"], 2);

    // An unsettled bet: cancelling needs a confirmation.
    let bet = json!({ "email": "bonus@example.test", "currency": "USD", "amount": "5.00", "unsettled": true });
    s.post("/api/_control/bets", None, bet).await;
    let cancel = format!("/api/game/player-bonuses/{id}/cancel");
    let r = s.put(&cancel, Some(t), None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "unsettled_bets");
    assert_eq!(
        s.get("/api/game/player-bonuses?status[]=2", Some(t))
            .await
            .body[0]["wager"]["wagered"],
        "5.00"
    );

    // Wagering completes: played, balance credited.
    let bet = json!({ "email": "bonus@example.test", "currency": "USD", "amount": "15.00" });
    let r = s.post("/api/_control/bets", None, bet).await;
    assert_eq!(r.body["bonusId"], id);
    let b = s.get("/api/game/player-bonuses?status[]=3", Some(t)).await;
    assert_eq!(b.body[0]["result"], 2);
    let accounts = s.get("/api/wallet/accounts", Some(t)).await;
    assert_eq!(accounts.body[0]["balance"], "10.00");

    // Locked cancel.
    let locked = s
        .post(
            "/api/_control/bonuses",
            None,
            json!({ "email": "bonus@example.test", "currency": "USD", "amount": "5.00", "cancelLocked": true }),
        )
        .await;
    let lid = locked.body["id"].as_i64().unwrap();
    let r = s
        .put(
            &format!("/api/game/player-bonuses/{lid}/cancel"),
            Some(t),
            None,
        )
        .await;
    assert_eq!(r.error_code(), "bonus_cancel_locked");
    let r = s
        .put(
            &format!("/api/game/player-bonuses/{lid}/activate"),
            Some(t),
            None,
        )
        .await;
    assert_eq!(r.body["status"], 2);
    // Forced cancel with nothing unsettled still refused while locked; a free one cancels.
    let free = s
        .post(
            "/api/_control/bonuses",
            None,
            json!({ "email": "bonus@example.test", "currency": "USD", "amount": "1.00" }),
        )
        .await;
    let fid = free.body["id"].as_i64().unwrap();
    let r = s
        .put(
            &format!("/api/game/player-bonuses/{fid}/cancel"),
            Some(t),
            Some(json!({ "force": true })),
        )
        .await;
    assert_eq!(r.body["status"], 3);
    assert_eq!(r.body["result"], 3);

    // Codes: normalised, applied once, then not available; unknown incorrect.
    let code = |c: &str| json!({ "bonusCode": c, "trigger": "manual" });
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(t), code(" spins 20 "))
        .await;
    assert_eq!(r.body["status"], 2, "{}", r.body);
    assert_eq!(r.body["bonusCode"], "SPINS20");
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(t), code("SPINS20"))
        .await;
    assert_eq!(r.body["status"], 4);
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(t), code("NOPE"))
        .await;
    assert_eq!(r.body["status"], 3);
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(t), code("SUMMER2024"))
        .await;
    assert_eq!(r.body["status"], 4);
    let r = s
        .post("/api/game/bonuses/bonuscodes", Some(t), code("  "))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let codes = s
        .get("/api/game/bonuses/bonuscodes?trigger=manual", Some(t))
        .await;
    let codes = codes.body.as_array().unwrap().clone();
    assert_eq!(codes.len(), 1);
    let spins = s
        .get("/api/game/player-freespins?status[]=1", Some(t))
        .await;
    assert_eq!(spins.body[0]["count"], 20);
    let del = s
        .call(
            Method::DELETE,
            "/api/game/bonuses/bonuscodes",
            Some(t),
            Some(json!({ "playerBonusCodeId": codes[0]["playerBonusCodeId"] })),
        )
        .await;
    assert_eq!(del.status, StatusCode::NO_CONTENT);

    // Cashback: 10 % of the settled net loss (20.00 staked, nothing won).
    let c = s
        .get("/api/game/bonuses/cashback?currency=USD", Some(t))
        .await;
    assert_eq!(c.body["amount"], "2.00", "{}", c.body);

    // Deposit bonuses per currency and amount.
    let d = s.get("/api/game/bonuses?currency=USD", Some(t)).await;
    assert_eq!(d.body.as_array().unwrap().len(), 2);
    let d = s
        .get("/api/game/bonuses?currency=USD&amount=30", Some(t))
        .await;
    assert_eq!(d.body.as_array().unwrap().len(), 1);
    assert_eq!(
        d.body[0]["triggerConditions"]["invoiceAmountItems"][0]["amountFrom"],
        "20.00"
    );
    // Whether chosen packages can be given: in the currency yes, an unknown id or another
    // currency's package no.
    let pkg = d.body[0]["package"]["id"].as_i64().unwrap();
    let st = s
        .get(
            &format!("/api/game/bonuses/status?bonusIds[]={pkg}&bonusIds[]=987654&currency=USD"),
            Some(t),
        )
        .await;
    assert_eq!(
        st.body,
        json!([{"id": pkg, "isAvailable": true}, {"id": 987654, "isAvailable": false}])
    );
    let st = s
        .get(
            &format!("/api/game/bonuses/status?bonusIds[]={pkg}&currency=XYZ"),
            Some(t),
        )
        .await;
    assert_eq!(st.body[0]["isAvailable"], false, "{}", st.body);
    assert_eq!(
        s.get("/api/game/bonuses/status?bonusIds[]=1", None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn quests_progress_on_bets_and_loyalty_levels_follow_points() {
    let s = start().await;
    let (t, _) = s.register("quest@example.test", "USD").await;
    let t = t.as_str();
    let c = s.get("/api/settings/constants", None).await;
    assert_eq!(c.body["questsEnabled"], true);
    assert_eq!(c.body["loyaltyEnabled"], true);
    let q = s
        .post(
            "/api/_control/quests",
            None,
            json!({ "email": "quest@example.test", "name": "Spin it", "tasks": [{ "type": "bet", "quantity": 2 }] }),
        )
        .await;
    let id = q.body["id"].as_i64().unwrap();
    assert_eq!(q.body["state"], 1);
    let list = s
        .get(
            "/api/retention/quests?state[]=1&state[]=2&currency=USD",
            Some(t),
        )
        .await;
    assert_eq!(list.body.as_array().unwrap().len(), 1);
    let r = s
        .put(
            &format!("/api/retention/quests/{id}/activate"),
            Some(t),
            None,
        )
        .await;
    assert_eq!(r.body["state"], 2);
    assert_eq!(r.body["tasks"][0]["isActive"], true);
    let bet = json!({ "email": "quest@example.test", "currency": "USD", "amount": "150.00" });
    s.post("/api/_control/bets", None, bet.clone()).await;
    let list = s.get("/api/retention/quests", Some(t)).await;
    assert_eq!(list.body[0]["tasks"][0]["progress"], 1);
    s.post("/api/_control/bets", None, bet).await;
    let list = s.get("/api/retention/quests", Some(t)).await;
    assert_eq!(list.body[0]["state"], 3);
    assert_eq!(list.body[0]["tasks"][0]["isCompleted"], true);

    // 300 points: Silver (100), next Gold (500).
    let a = s.get("/api/retention/account", Some(t)).await;
    assert_eq!(a.body["points"], 300);
    assert_eq!(a.body["currentLevel"]["name"], "Silver");
    assert_eq!(a.body["currentLevel"]["order"], 2);
    assert_eq!(a.body["nextLevel"]["points"], 500);
    let levels = s.get("/api/retention/levels", Some(t)).await;
    assert_eq!(levels.body.as_array().unwrap().len(), 5);

    // Flags off: the endpoints say so.
    s.post(
        "/api/_control/flags",
        None,
        json!({ "questsEnabled": false, "loyaltyEnabled": false }),
    )
    .await;
    assert_eq!(
        s.get("/api/retention/quests", Some(t)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        s.get("/api/retention/account", Some(t)).await.status,
        StatusCode::NOT_FOUND
    );
    let c = s.get("/api/settings/constants", None).await;
    assert_eq!(c.body["questsEnabled"], false);
}

/// The wallet history's bonuses tab (SPEC §2, §7): each array filters by any of its values,
/// finished items included when asked for, in the bracket form raw or percent-encoded; every
/// item says when it was issued.
#[tokio::test]
async fn history_lists_filter_by_the_status_and_currency_arrays() {
    let s = start().await;
    let (t, _) = s.register("history@example.test", "USD").await;
    let t = t.as_str();
    let issue = |currency: &'static str| json!({ "email": "history@example.test", "currency": currency, "amount": "5.00" });
    let finished = s.post("/api/_control/bonuses", None, issue("USD")).await;
    let finished = finished.body["id"].as_i64().unwrap();
    let r = s
        .post(
            &format!("/api/_control/bonuses/{finished}/expire"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let usd = s.post("/api/_control/bonuses", None, issue("USD")).await;
    let usd = usd.body["id"].as_i64().unwrap();
    let eur = s.post("/api/_control/bonuses", None, issue("EUR")).await;
    assert_eq!(eur.status, StatusCode::OK, "{}", eur.body);
    let eur = eur.body["id"].as_i64().unwrap();
    let spins = s
        .post(
            "/api/_control/freespins",
            None,
            json!({ "email": "history@example.test", "currency": "USD", "count": 10 }),
        )
        .await;
    assert_eq!(spins.status, StatusCode::OK, "{}", spins.body);

    let ids = |body: &serde_json::Value| -> Vec<i64> {
        body.as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_i64().unwrap())
            .collect()
    };
    let get = |q: &'static str| s.get(q, Some(t));

    let done = get("/api/game/player-bonuses?status[]=3").await;
    assert_eq!(ids(&done.body), vec![finished]);
    assert_eq!(done.body[0]["result"], 5);
    assert!(done.body[0]["createdAt"].as_i64().unwrap() > 1_700_000_000);
    let encoded = get("/api/game/player-bonuses?status%5B%5D=3").await;
    assert_eq!(ids(&encoded.body), vec![finished]);

    let open = get("/api/game/player-bonuses?status[]=1&status[]=2").await;
    assert_eq!(ids(&open.body), vec![eur, usd]);
    let usd_all =
        get("/api/game/player-bonuses?status[]=1&status[]=2&status[]=3&currency[]=USD").await;
    assert_eq!(ids(&usd_all.body), vec![usd, finished]);
    let both = get("/api/game/player-bonuses?currency[]=USD&currency%5B%5D=EUR").await;
    assert_eq!(ids(&both.body), vec![eur, usd, finished]);
    let lower = get("/api/game/player-bonuses?currency[]=eur").await;
    assert_eq!(ids(&lower.body), vec![eur]);
    let none = get("/api/game/player-bonuses?currency[]=BRL").await;
    assert_eq!(ids(&none.body), Vec::<i64>::new());

    let fs =
        get("/api/game/player-freespins?status[]=1&status[]=2&status[]=3&currency[]=USD").await;
    assert_eq!(fs.body.as_array().unwrap().len(), 1);
    assert_eq!(fs.body[0]["count"], 10);
    assert!(fs.body[0]["createdAt"].as_i64().unwrap() > 1_700_000_000);
    let fs_done = get("/api/game/player-freespins?status[]=3").await;
    assert_eq!(ids(&fs_done.body), Vec::<i64>::new());
    let fs_eur = get("/api/game/player-freespins?currency[]=EUR").await;
    assert_eq!(ids(&fs_eur.body), Vec::<i64>::new());
}
