//! Games (SPEC §7 Games; issue 11): the generated catalogue and its calls, launch in demo and
//! real mode, favourites, played, recent searches, and the demo slot's spins (wallet moved in
//! one transaction, spin and bet written, the max bet refused).

use crate::common;

use common::{start, Sandbox};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

async fn player(s: &Sandbox, email: &str, balance: &str) -> (String, i64) {
    let (token, profile) = s.register(email, "USD").await;
    let id = profile["id"].as_i64().unwrap();
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "playerId": id, "balance": balance }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    (token, id)
}

#[tokio::test]
async fn catalogue_collections_providers_and_filtered_pages() {
    let s = start().await;
    let cols = s.get("/api/game/collections", None).await.body;
    let cols = cols.as_array().unwrap();
    assert!(cols.iter().any(|c| c["isHidden"] == true));
    assert!(cols
        .iter()
        .any(|c| c["countries"].as_array().is_some_and(|a| !a.is_empty())));
    let providers = s.get("/api/game/providers", None).await.body;
    assert!(providers.as_array().unwrap().len() >= 150);
    let total: i64 = providers
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["gamesCount"].as_i64().unwrap())
        .sum();
    assert!(total >= 20_000);
    let r = s
        .get("/api/game/games?collection=slots&providers[]=netent&features[]=3&perPage=5&page=2&sort=name", None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["meta"]["page"], 2);
    for g in r.body["data"].as_array().unwrap() {
        assert_eq!(g["provider"]["identity"], "netent");
        assert!(g["features"].as_array().unwrap().contains(&json!(3)));
        assert!(g["images"]["3x4"]["2x"]
            .as_str()
            .unwrap()
            .ends_with("3x4@2x.svg"));
    }
    assert_eq!(
        s.get("/api/game/games?sort=bogus", None).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.get("/api/game/games/no-such-game", None).await.status,
        StatusCode::NOT_FOUND
    );
    let g = s.get("/api/game/games/sweet-bonanza", None).await.body;
    assert_eq!(g["name"], "Sweet Bonanza");
    let search = s
        .get("/api/game/games/search?query=book%20ra", None)
        .await
        .body;
    assert_eq!(search["games"][0]["identity"], "book-of-ra");
}

/// SPEC §9's 512 KB response cap: the biggest `games` page the client asks for (the search
/// index's pages of 200, and the largest perPage the platform allows) stays well under it.
#[tokio::test]
async fn a_full_games_page_stays_under_the_cap() {
    let s = start().await;
    let mut biggest = 0;
    for page in [1, 50, 100] {
        let res = s
            .client
            .get(format!("{}/api/game/games?page={page}&perPage=200", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let bytes = res.bytes().await.unwrap().len();
        biggest = biggest.max(bytes);
    }
    println!("games page of 200: at most {biggest} bytes (cap 524288)");
    // Sent compressed to a browser that accepts it: the index's ~100 pages are what a
    // searching visitor downloads.
    let res = s
        .client
        .get(format!("{}/api/game/games?page=1&perPage=200", s.base))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "br");
    let sent = res.bytes().await.unwrap().len();
    println!("the same page as sent with br: {sent} bytes");
    assert!(sent * 4 < biggest, "{sent} of {biggest} bytes");
    assert!(
        biggest < 512 * 1024 / 2,
        "{biggest} bytes: not well under the cap"
    );
    assert_eq!(
        s.get("/api/game/games?perPage=201", None).await.status,
        StatusCode::BAD_REQUEST
    );
}

/// SPEC §5: behind an edge that names the visitor's country, `collections` holds only the
/// collections visible there; without the header all of them (the client filters).
#[tokio::test]
async fn collections_follow_the_visitors_country_header() {
    let s = start().await;
    let ids = |r: &serde_json::Value| -> Vec<String> {
        r.as_array()
            .unwrap()
            .iter()
            .map(|c| c["identity"].as_str().unwrap().to_string())
            .collect()
    };
    let all = s.get("/api/game/collections", None).await.body;
    let with = |country: &'static str| {
        s.raw(
            s.client
                .get(format!("{}/api/game/collections", s.base))
                .header("X-Country-Code", country),
        )
    };
    let br = with("br").await.body;
    let de = with("DE").await.body;
    let brazil = all
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["countries"].as_array().unwrap().contains(&json!("BR")))
        .expect("a collection for Brazil")["identity"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(ids(&all).contains(&brazil));
    assert!(ids(&br).contains(&brazil));
    assert!(!ids(&de).contains(&brazil));
    // Collections for every country stay.
    assert!(ids(&de).len() >= ids(&all).len() - 3 && ids(&de).contains(&"slots".to_string()));
}

#[tokio::test]
async fn launch_favourites_played_and_recent_searches() {
    let s = start().await;
    // A guest: demo yes, real no; a live table has no demo.
    let r = s
        .post(
            "/api/game/games/sweet-bonanza/play",
            None,
            json!({"demo": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body["url"].as_str().unwrap().starts_with("/slot/"));
    let r = s
        .post(
            "/api/game/games/sweet-bonanza/play",
            None,
            json!({"demo": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = s
        .post(
            "/api/game/games/crazy-time/play",
            None,
            json!({"demo": true}),
        )
        .await;
    assert_eq!(r.error_code(), "demo_unavailable");

    let (t, _) = player(&s, "games-a@example.com", "10").await;
    let r = s
        .post("/api/game/games/starburst/play", Some(&t), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    s.post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    let played = s.get("/api/game/games/played", Some(&t)).await.body;
    let ids: Vec<&str> = played
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["identity"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["book-of-dead", "starburst"]);

    let fav = s
        .call(
            Method::POST,
            "/api/game/games/starburst/favorite",
            Some(&t),
            None,
        )
        .await;
    assert_eq!(fav.status, StatusCode::NO_CONTENT);
    s.call(
        Method::POST,
        "/api/game/games/starburst/favorite",
        Some(&t),
        None,
    )
    .await;
    let favs = s.get("/api/game/games/favorites", Some(&t)).await.body;
    assert_eq!(favs.as_array().unwrap().len(), 1);
    s.call(
        Method::DELETE,
        "/api/game/games/starburst/favorite",
        Some(&t),
        None,
    )
    .await;
    assert_eq!(
        s.get("/api/game/games/favorites", Some(&t)).await.body,
        json!([])
    );
    assert_eq!(
        s.get("/api/game/games/favorites", None).await.status,
        StatusCode::UNAUTHORIZED
    );

    for q in ["olympus", "bonanza", "Olympus"] {
        s.get(&format!("/api/game/games/search?query={q}"), Some(&t))
            .await;
    }
    let recent = s.get("/api/game/search/recent", Some(&t)).await.body;
    assert_eq!(recent, json!(["Olympus", "bonanza"]));
    let cleared = s
        .call(Method::DELETE, "/api/game/search/recent", Some(&t), None)
        .await;
    assert_eq!(cleared.status, StatusCode::NO_CONTENT);
    assert_eq!(
        s.get("/api/game/search/recent", Some(&t)).await.body,
        json!([])
    );
}

#[tokio::test]
async fn real_spins_move_the_wallet_and_write_spins_and_bets() {
    let s = start().await;
    let (t, _) = player(&s, "games-b@example.com", "50").await;
    let r = s
        .post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    let slot = r.body["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let spin = s
        .post(
            &format!("/api/game/slot/{slot}/spin"),
            None,
            json!({"bet": "2.00"}),
        )
        .await;
    assert_eq!(spin.status, StatusCode::OK, "{}", spin.body);
    let win: f64 = spin.body["win"].as_str().unwrap().parse().unwrap();
    let balance: f64 = spin.body["balance"].as_str().unwrap().parse().unwrap();
    assert!((balance - (50.0 - 2.0 + win)).abs() < 1e-9);
    let accounts = s.get("/api/wallet/accounts", Some(&t)).await.body;
    assert_eq!(
        accounts[0]["balance"]
            .as_str()
            .unwrap()
            .parse::<f64>()
            .unwrap(),
        balance
    );
    // Over the max bet, or not a positive amount: refused, nothing moves.
    let over = s
        .post(
            &format!("/api/game/slot/{slot}/spin"),
            None,
            json!({"bet": "500"}),
        )
        .await;
    assert_eq!(over.error_code(), "max_bet_exceeded");
    let bad = s
        .post(
            &format!("/api/game/slot/{slot}/spin"),
            None,
            json!({"bet": "-1"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let spins = s
        .get("/api/game/spins?page=1&perPage=10", Some(&t))
        .await
        .body;
    assert_eq!(spins["data"][0]["gameIdentity"], "book-of-dead");
    let bets: Value = s.get("/api/game/bets?isSettled=true", Some(&t)).await.body;
    assert_eq!(bets["data"][0]["amount"], "2.00");
    let open: Value = s.get("/api/game/bets?isSettled=false", Some(&t)).await.body;
    assert_eq!(open["meta"]["totalRows"], 0);
    assert_eq!(
        s.get("/api/game/spins", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Demo play never touches the wallet.
    let r = s
        .post(
            "/api/game/games/book-of-dead/play",
            Some(&t),
            json!({"demo": true}),
        )
        .await;
    let demo = r.body["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let d = s
        .post(
            &format!("/api/game/slot/{demo}/spin"),
            None,
            json!({"bet": "5"}),
        )
        .await;
    assert_eq!(d.body["currency"], "FUN");
    let after = s.get("/api/wallet/accounts", Some(&t)).await.body;
    assert_eq!(after[0]["balance"], accounts[0]["balance"]);
}

#[tokio::test]
async fn real_spins_wager_the_active_bonus_of_their_game_only() {
    let s = start().await;
    let (t, _) = player(&s, "games-w@example.com", "50").await;
    let game = s.get("/api/game/games/book-of-dead", None).await.body;
    let bonus = s
        .post(
            "/api/_control/bonuses",
            None,
            json!({"email": "games-w@example.com", "currency": "USD", "amount": "1.00", "wager": 2,
                   "gameIds": [game["id"]]}),
        )
        .await
        .body;
    let id = bonus["id"].as_i64().unwrap();
    let on = s
        .call(
            Method::PUT,
            &format!("/api/game/player-bonuses/{id}/activate"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let slot_of = |body: &serde_json::Value| {
        body["url"]
            .as_str()
            .unwrap()
            .trim_start_matches("/slot/")
            .to_string()
    };
    let spin = |slot: String| {
        let s = &s;
        async move {
            let r = s
                .post(
                    &format!("/api/game/slot/{slot}/spin"),
                    None,
                    json!({"bet": "1.00"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    };
    let wagered = || async {
        let list = s
            .get(
                "/api/game/player-bonuses?status[]=2&currency[]=USD",
                Some(&t),
            )
            .await
            .body;
        list.as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == id)
            .map(|b| b["wager"]["wagered"].as_str().unwrap().to_string())
    };
    // Another game does not wager it.
    let other = s
        .post("/api/game/games/starburst/play", Some(&t), json!({}))
        .await;
    spin(slot_of(&other.body)).await;
    assert_eq!(wagered().await.as_deref(), Some("0.00"));
    // Its game does, until the requirement (2.00) is met: finished as played.
    let own = s
        .post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    spin(slot_of(&own.body)).await;
    assert_eq!(wagered().await.as_deref(), Some("1.00"));
    spin(slot_of(&own.body)).await;
    assert_eq!(wagered().await, None);
    let finished = s
        .get(
            "/api/game/player-bonuses?status[]=3&currency[]=USD",
            Some(&t),
        )
        .await
        .body;
    assert_eq!(finished[0]["result"], 2, "{finished}");
}

/// `player/init` (SPEC §7 Player): the game side learns each player's active currency; a
/// guest is refused, and one player's call never touches another's record.
#[tokio::test]
async fn player_init_records_the_active_currency_per_player() {
    let s = start().await;
    assert_eq!(
        s.get("/api/player/init", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let (token, id) = player(&s, "init-a@example.com", "10").await;
    let t = Some(token.as_str());
    let r = s.get("/api/player/init", t).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["playerId"], id);
    assert_eq!(r.body["currency"], "USD");
    assert!(r.body["updatedAt"]
        .as_str()
        .is_some_and(|d| d.ends_with('Z')));

    let eur = s
        .post("/api/wallet/accounts", t, json!({ "currency": "EUR" }))
        .await;
    let eur_id = eur.body["id"].as_i64().unwrap();
    let sw = s
        .put(&format!("/api/wallet/accounts/{eur_id}/switch"), t, None)
        .await;
    assert_eq!(sw.status, StatusCode::OK, "{}", sw.body);
    assert_eq!(s.get("/api/player/init", t).await.body["currency"], "EUR");

    let (other, other_id) = player(&s, "init-b@example.com", "10").await;
    let r = s.get("/api/player/init", Some(other.as_str())).await;
    assert_eq!(
        (r.body["playerId"].as_i64(), r.body["currency"].as_str()),
        (Some(other_id), Some("USD"))
    );
    assert_eq!(s.get("/api/player/init", t).await.body["currency"], "EUR");
}
