//! Reality check and session insight (issue 30) in Chrome and Firefox against the sandbox: the
//! play session shared by the device's tabs arrives through the browser's storage event and
//! moves this tab's bar and check; a stake pushed on the player's bets channel is counted once
//! and written back to localStorage for the other tabs. Two documents sharing one session are
//! the e2e `protection-tabs.spec`; this suite proves the core's side of it in both browsers.
//! Run through `scripts/with-sandbox.sh`.

use crate::account::{at, call, player, str_at, text, Page};
use croupier_core::app::features::protection::{INTERVALS_KEY, SESSION_KEY};
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

const MIN: u64 = 60_000;
const GAME_PAGE: &str = "/game/book-of-dead";

fn local() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// What another tab of the device does: write the key, which fires `storage` in this one.
fn written_by_another_tab(key: &str, value: &str) {
    let fire = js_sys::Function::new_with_args(
        "k, v",
        "localStorage.setItem(k, v); \
         window.dispatchEvent(new StorageEvent('storage', { key: k, newValue: v, storageArea: localStorage }));",
    );
    fire.call2(&JsValue::NULL, &key.into(), &value.into())
        .unwrap();
}

fn stored_session() -> Option<Value> {
    let text = local().get_item(SESSION_KEY).unwrap()?;
    serde_json::from_str(&text).ok()
}

/// No device choice or session left for the next suite (a boot reads them).
fn forget_device() {
    for key in [SESSION_KEY, INTERVALS_KEY] {
        local().remove_item(key).unwrap();
    }
}

fn amount(v: &JsValue, path: &str) -> f64 {
    str_at(v, path)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{path} in {}", text(&at(v, "protection"))))
}

/// A game page with the player's 15-minute interval chosen, the bar showing.
async fn on_the_slot(token: &str) -> Page {
    forget_device();
    let page = Page::open(Some(token), GAME_PAGE).await;
    page.wait("the bar on the game page", |v| {
        at(v, "protection.active").as_bool() == Some(true)
            && at(v, "protection.playing").as_bool() == Some(true)
    })
    .await;
    page.send(json!({"type": "realityCheckInterval", "minutes": 15}));
    page.wait("the chosen interval", |v| {
        at(v, "protection.interval").as_f64() == Some(15.0)
    })
    .await;
    page
}

#[wasm_bindgen_test]
async fn another_tabs_session_moves_the_bar_and_brings_the_check_here() {
    let p = player("webprotect").await;
    let page = on_the_slot(&p.token).await;
    assert_eq!(at(&page.view(), "protection.due").as_bool(), Some(false));

    // The other tab's session began 20 minutes ago and has been played in: this tab goes on
    // with it (one session per device), so its check is due now, 15 minutes after the start.
    let now = js_sys::Date::now() as u64;
    let theirs = json!({
        "player": p.id, "started": now - 20 * MIN, "last_play": now - MIN,
        "last_check": now - 20 * MIN, "asked": now - 20 * MIN,
        "totals": {"USD": {"staked": "3.00", "won": "1.00"}}, "rows": [],
    });
    written_by_another_tab(SESSION_KEY, &theirs.to_string());
    let v = page
        .wait("the check from the shared session", |v| {
            at(v, "protection.due").as_bool() == Some(true)
        })
        .await;
    let minutes = at(&v, "protection.minutes").as_f64().unwrap();
    assert!((20.0..22.0).contains(&minutes), "{minutes}");
    assert_eq!(
        str_at(&v, "protection.totals.0.currency").as_deref(),
        Some("USD")
    );
    assert_eq!(amount(&v, "protection.totals.0.staked"), 3.0);
    assert_eq!(amount(&v, "protection.totals.0.won"), 1.0);
    assert_eq!(amount(&v, "protection.totals.0.net"), -2.0);

    // "Keep playing" here: answered, and written back for the other tab.
    page.send(json!({"type": "realityCheckDone"}));
    page.wait("the check answered", |v| {
        at(v, "protection.due").as_bool() == Some(false)
    })
    .await;
    let ours = stored_session().expect("the session is kept for the other tabs");
    assert_eq!(ours["player"], json!(p.id));
    assert_eq!(
        ours["started"], theirs["started"],
        "the same session goes on"
    );
    assert!(ours["last_check"].as_u64().unwrap() >= now, "{ours}");

    // Another tab of a different player (signed in there since) changes nothing here.
    let stranger = json!({"player": p.id + 1, "started": now, "last_play": now, "last_check": now,
        "asked": now, "totals": {}, "rows": []});
    written_by_another_tab(SESSION_KEY, &stranger.to_string());
    let v = page.view();
    assert_eq!(
        amount(&v, "protection.totals.0.staked"),
        3.0,
        "{}",
        text(&at(&v, "protection"))
    );
    page.leave();
    forget_device();
}

#[wasm_bindgen_test]
async fn a_pushed_stake_is_counted_once_and_kept_for_the_other_tabs() {
    let p = player("webstake").await;
    let page = on_the_slot(&p.token).await;
    // A round of the slot as the platform pushes it on the player's bets channel, published
    // until the page's socket has subscribed; every copy after the first is the same row.
    let stake = json!({"id": 770_001, "gameIdentity": "book-of-dead", "gameName": "Book of Dead",
        "currency": "USD", "amount": "2.50", "win": "1.00", "isSettled": true, "createdAt": 1});
    let publish = json!({"channel": format!("game:bets#{}", p.id), "data": stake});
    let mut delivered = 0;
    for _ in 0..400 {
        let answer = call("POST", "/api/_control/publish", None, Some(publish.clone())).await;
        delivered = answer["delivered"].as_u64().unwrap_or(0);
        if delivered > 0 {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
    assert!(delivered > 0, "the page's socket never took the stake");
    let v = page
        .wait("the stake on the bar", |v| {
            str_at(v, "protection.totals.0.currency").as_deref() == Some("USD")
        })
        .await;
    assert_eq!(amount(&v, "protection.totals.0.staked"), 2.5);
    assert_eq!(amount(&v, "protection.totals.0.won"), 1.0);
    assert_eq!(amount(&v, "protection.totals.0.net"), -1.5);
    // The same row again, then the next round: the channel keeps their order, so once the
    // next round shows, the copy before it has been heard, and it was not counted twice.
    call("POST", "/api/_control/publish", None, Some(publish)).await;
    let next = json!({"id": 770_002, "gameIdentity": "book-of-dead", "gameName": "Book of Dead",
        "currency": "USD", "amount": "1.00", "win": "0.00", "isSettled": true, "createdAt": 2});
    let publish = json!({"channel": format!("game:bets#{}", p.id), "data": next});
    call("POST", "/api/_control/publish", None, Some(publish)).await;
    let v = page
        .wait("a change on the bar", |v| {
            str_at(v, "protection.totals.0.staked").as_deref() != Some("2.50")
        })
        .await;
    assert_eq!(amount(&v, "protection.totals.0.staked"), 3.5);
    assert_eq!(amount(&v, "protection.totals.0.net"), -2.5);
    let kept = stored_session().expect("the session is kept for the other tabs");
    assert_eq!(kept["player"], json!(p.id));
    let ids: Vec<_> = kept["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(ids, [json!(770_001), json!(770_002)], "{kept}");
    page.leave();
    forget_device();
}
