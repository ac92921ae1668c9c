//! The messenger mini-app natively (SPEC §3, §4, §6, §7, §8): detection from the launch data,
//! platform and source on the calls that send them, sign-in from the launch data, silent
//! re-login after a 401/403 or a failed refresh, the refusal alerts, failed init clearing the
//! data, the sync and the wallet modal swap.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::miniapp::{self, Phase};
use croupier_core::app::features::session::SessionUi;
use croupier_core::app::{update, view, AppUi, Config, Effect, Event, Model, Req, SessionStatus};
use support::{fail, http, req, respond, token, ui, NOW};

const BOT: &str = "https://t.me/croupier_bot";
const RAW: &str = "query_id=AA&user=%7B%22id%22%3A5001%7D&auth_date=1&hash=ab";

fn launch() -> serde_json::Value {
    j!({
        "apiBase": "",
        "origin": "https://croupier.example",
        "platform": "web",
        "miniapp": {
            "initDataRaw": RAW,
            "botUrl": BOT,
            "stag": "aff-7",
            "startParam": "ref42",
            "user": {"id": 5001, "username": "ivan", "languageCode": "en",
                     "photoUrl": "https://t.me/i/5001.jpg", "name": "Ivan P"}
        }
    })
}

fn boot_with(config: Config, token: Option<String>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config);
    let fx = update(
        &mut m,
        Event::Booted {
            token,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

fn boot(token: Option<String>) -> (Model, Vec<Effect>) {
    boot_with(Config::read(&launch()), token)
}

fn login() -> Req {
    Req::Miniapp(miniapp::Call::Login)
}

fn sync() -> Req {
    Req::Miniapp(miniapp::Call::Sync)
}

fn login_answer(id: i64) -> serde_json::Value {
    j!({"accessToken": token(3600, "tg"), "profile": {"id": id, "email": "tg-5001@telegram.invalid",
        "tgUserId": 5001, "firstName": "Ivan", "isNewlyRegistered": true}})
}

fn toast_titles(m: &Model) -> Vec<String> {
    view(m).toasts.into_iter().map(|t| t.title).collect()
}

/// Booted without a session, tg_login answered: a player.
fn signed_in() -> Model {
    let (mut m, _) = boot(None);
    respond(&mut m, login(), 200, login_answer(9));
    m
}

#[test]
fn detection_needs_init_data() {
    let c = Config::read(&launch());
    assert!(c.is_miniapp());
    assert_eq!(
        c.platform, "tg",
        "the launch data decides, whatever the host said"
    );
    assert_eq!(c.source(), BOT);
    let launch = c.miniapp.as_ref().unwrap();
    assert_eq!(launch.stag.as_deref(), Some("aff-7"));
    assert_eq!(launch.user.as_ref().map(|u| u.id), Some(5001));

    // Blank init data (a page opened from a link outside the messenger) is the web.
    let mut web = launch_json_without_init();
    let c = Config::read(&web);
    assert!(!c.is_miniapp());
    assert!(c.miniapp.is_none());
    assert_eq!(c.source(), "https://croupier.example");
    web["miniapp"] = serde_json::Value::Null;
    assert_eq!(Config::read(&web).platform, "web");
    assert!(!view(&Model::new(Config::read(&web))).miniapp.active);
}

fn launch_json_without_init() -> serde_json::Value {
    let mut v = launch();
    v["miniapp"]["initDataRaw"] = j!("  ");
    v
}

#[test]
fn no_session_logs_in_from_the_launch_data() {
    let (m, fx) = boot(None);
    let calls = http(&fx);
    let tg: Vec<_> = calls
        .iter()
        .filter(|h| h.path == "/api/player/tg_login")
        .collect();
    assert_eq!(tg.len(), 1, "{calls:?}");
    let h = tg[0];
    assert!(h.bearer.is_none());
    assert!(h.source_platform, "tg_login sends source and platform");
    let body = h.body.as_ref().unwrap();
    assert_eq!(body["tg_payload"], RAW);
    assert_eq!(body["affiliate_tag"], "aff-7");
    assert_eq!(body["ref_id"], "ref42");
    assert_eq!(body["source"], BOT);
    assert_eq!(body["platform"], "tg");
    assert!(view(&m).miniapp.logging_in);
    assert!(view(&m).miniapp.active);
}

#[test]
fn login_answer_signs_in_silently_then_loads_profile_and_syncs() {
    let (mut m, _) = boot(None);
    let fx = respond(&mut m, login(), 200, login_answer(9));
    assert_eq!(m.shared.status, SessionStatus::Player);
    assert!(fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    let paths: Vec<_> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert!(
        paths.contains(&"/api/player/profile".to_string()),
        "{paths:?}"
    );
    let sync_call = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/tg-bot/users")
        .expect("sync sent");
    assert_eq!(
        sync_call.body.as_ref().unwrap(),
        &j!({"user_id": 5001, "username": "ivan", "language_code": "en",
             "photo_url": "https://t.me/i/5001.jpg", "name": "Ivan P"})
    );
    assert!(
        toast_titles(&m).is_empty(),
        "silent: {:?}",
        toast_titles(&m)
    );
    assert!(!view(&m).miniapp.logging_in);
}

#[test]
fn platform_and_source_on_calls_that_send_them() {
    let m = signed_in();
    // The runtime writes X-Source from the config's source: the bot's address here.
    assert_eq!(m.config.source(), BOT);
    assert_eq!(m.config.platform, "tg");
}

#[test]
fn unauthorized_call_relogs_in_silently() {
    let mut m = signed_in();
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 9, "email": "x", "tgUserId": 5001}),
    );
    // Later (past the loop guard), an authenticated call answers 401.
    m.f.miniapp.signed_in_at = Some(NOW - miniapp::RELOGIN_GUARD_MS - 1);
    let fx = respond(&mut m, sync(), 401, j!({"message": "Unauthenticated."}));
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/tg_login"),
        "silent re-login"
    );
    // No sign-in modal, no "session ended" toast.
    assert!(!m.shared.location.full_path().contains("modal=sign-in"));
    assert!(toast_titles(&m).is_empty(), "{:?}", toast_titles(&m));
    respond(&mut m, login(), 200, login_answer(9));
    assert_eq!(m.shared.status, SessionStatus::Player);
}

#[test]
fn web_user_401_still_goes_to_sign_in() {
    let (mut m, _) = boot_with(Config::default(), Some(token(3600, "w")));
    respond(&mut m, req::profile(), 200, j!({"id": 3, "email": "a@b.c"}));
    let fx = respond(&mut m, req::accounts(), 401, j!({}));
    assert!(!http(&fx).iter().any(|h| h.path == "/api/player/tg_login"));
    assert!(m.shared.location.full_path().contains("modal=sign-in"));
}

#[test]
fn failed_refresh_relogs_in_silently() {
    // A stored token that is already expired: the profile waits for a refresh that fails.
    let (mut m, fx) = boot(Some(token(-100, "old")));
    assert!(http(&fx).iter().all(|h| h.path != "/api/player/tg_login"));
    update(
        &mut m,
        Event::Refresh(croupier_core::domain::refresh::RefreshEvent::Lock {
            acquired: true,
            stored_token: None,
        }),
        NOW,
    );
    let fx = respond(&mut m, req::refresh(), 401, j!({}));
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/tg_login"),
        "{fx:?}"
    );
    assert!(!m.shared.location.full_path().contains("modal=sign-in"));
}

#[test]
fn failed_profile_load_counts_as_logged_out() {
    let (mut m, fx) = boot(Some(token(3600, "stored")));
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/profile"));
    let fx = fail(&mut m, req::profile(), "offline");
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/tg_login"));
}

#[test]
fn blocked_user_sees_the_blocked_alert_and_the_data_is_cleared() {
    let (mut m, _) = boot(None);
    let fx = respond(
        &mut m,
        login(),
        403,
        j!({"code": "account_blocked", "message": "blocked"}),
    );
    assert!(fx.iter().all(|e| !matches!(e, Effect::StoreToken(_))));
    assert_eq!(m.f.miniapp.phase, Phase::Blocked);
    assert!(m.f.miniapp.launch.is_none(), "failed init clears the data");
    assert!(view(&m).miniapp.blocked);
    assert_eq!(toast_titles(&m), ["Your account is blocked"]);
    // Nothing signs in with it again, whatever happens next.
    let fx = ui(&mut m, miniapp::MiniappUi::MiniappRetry);
    assert!(http(&fx).is_empty());
}

#[test]
fn unauthorized_login_shows_the_messenger_auth_error() {
    let (mut m, _) = boot(None);
    respond(
        &mut m,
        login(),
        401,
        j!({"code": "tg_auth_failed", "message": "bad"}),
    );
    assert!(view(&m).miniapp.auth_failed);
    assert!(m.f.miniapp.launch.is_none());
    assert_eq!(toast_titles(&m), ["Could not sign you in through Telegram"]);
}

#[test]
fn failed_sync_shows_the_messenger_auth_error() {
    let mut m = signed_in();
    respond(
        &mut m,
        sync(),
        422,
        j!({"message": "mismatch", "errors": {}}),
    );
    assert_eq!(toast_titles(&m), ["Could not sign you in through Telegram"]);
    assert!(view(&m).miniapp.auth_failed);
    assert_eq!(m.shared.status, SessionStatus::Player, "the session stays");
}

#[test]
fn no_answer_keeps_the_data_and_retry_logs_in_again() {
    let (mut m, _) = boot(None);
    fail(&mut m, login(), "offline");
    assert!(m.f.miniapp.launch.is_some());
    assert!(!view(&m).miniapp.logging_in);
    let fx = ui(&mut m, miniapp::MiniappUi::MiniappRetry);
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/tg_login"));
}

#[test]
fn a_session_refused_right_after_sign_in_is_not_retried() {
    let mut m = signed_in();
    let fx = respond(&mut m, sync(), 403, j!({}));
    assert!(http(&fx).iter().all(|h| h.path != "/api/player/tg_login"));
    assert!(view(&m).miniapp.auth_failed);
}

#[test]
fn restored_web_session_links_telegram_then_syncs() {
    let (mut m, _) = boot(Some(token(3600, "web")));
    let fx = respond(&mut m, req::profile(), 200, j!({"id": 3, "email": "a@b.c"}));
    let connect = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/player/social-connections/telegram")
        .expect("connect sent");
    assert_eq!(connect.body.as_ref().unwrap(), &j!({"payload": RAW}));
    let fx = respond(
        &mut m,
        Req::Miniapp(miniapp::Call::Connect),
        200,
        j!({"provider": "telegram", "tgUserId": 5001}),
    );
    assert!(http(&fx).iter().any(|h| h.path == "/api/tg-bot/users"));
}

#[test]
fn wallet_opens_the_telegram_wallet() {
    let mut m = signed_in();
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 9, "email": "x", "tgUserId": 5001}),
    );
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "wallet".into(),
            params: vec![("wallet".into(), "deposit".into())],
        },
    );
    let at = m.shared.location.full_path();
    assert!(at.contains("modal=tg-wallet"), "{at}");
    // On the web the same intent opens the wallet itself.
    let (mut w, _) = boot_with(Config::default(), Some(token(3600, "w")));
    respond(&mut w, req::profile(), 200, j!({"id": 3, "email": "a@b.c"}));
    ui(
        &mut w,
        AppUi::OpenModal {
            id: "wallet".into(),
            params: vec![],
        },
    );
    assert!(w.shared.location.full_path().contains("modal=wallet"));
}

#[test]
fn sign_out_in_the_miniapp_signs_in_again() {
    let mut m = signed_in();
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 9, "email": "x", "tgUserId": 5001}),
    );
    m.f.miniapp.signed_in_at = Some(NOW - miniapp::RELOGIN_GUARD_MS - 1);
    let fx = ui(&mut m, SessionUi::SignOut);
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/tg_login"));
}

/// A press on Deposit while the web session is still being restored inside the mini-app (seen
/// in e2e under load: the wallet page's button pressed before the profile answered) opens the
/// messenger's wallet once the player is known, as it does on the web.
#[test]
fn deposit_pressed_during_the_restore_opens_the_telegram_wallet() {
    let (mut m, _) = boot(Some(token(3600, "web")));
    assert_eq!(m.shared.status, SessionStatus::Booting);
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "wallet".into(),
            params: vec![("wallet".into(), "deposit".into())],
        },
    );
    respond(&mut m, req::profile(), 200, j!({"id": 3, "email": "a@b.c"}));
    let at = m.shared.location.full_path();
    assert!(at.contains("modal=tg-wallet"), "{at}");
}
