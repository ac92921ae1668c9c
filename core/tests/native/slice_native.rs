//! The first slice driven natively: every event's HTTP effects (method, path, body, bearer)
//! and the view after each response, error paths included.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use support::{http, req, respond, sent, token, ui, NOW};

use croupier_core::app::{update, view, Config, Effect, Event, HttpOutcome, Method, Model};
use croupier_core::domain::refresh::{LockCmd, RefreshEvent};
use serde_json::json;

fn input(m: &mut Model, form: FormId, field: &str, value: FormValue) {
    ui(
        m,
        AppUi::FormInput {
            form,
            field: field.into(),
            value,
        },
    );
}

fn text(s: &str) -> FormValue {
    FormValue::Text(s.into())
}

fn currencies() -> serde_json::Value {
    json!([
        {"code":"USD","type":"fiat","symbol":"$","rate":{"rate":"1"},"subunitToUnit":100,"subCurrencies":[],"isEnabled":true,"isBase":true},
        {"code":"BTC","type":"crypto","symbol":"₿","rate":{"rate":"60000"},"subunitToUnit":100000000,"subCurrencies":[{"code":"mBTC","subunitToUnit":1000}],"isEnabled":true,"isBase":false}
    ])
}

fn profile() -> serde_json::Value {
    json!({"id":7,"nickname":null,"firstName":null,"email":"jackpot@example.com","tgUserId":null})
}

fn booted_guest() -> Model {
    let mut m = Model::new(Config {
        origin: "https://croupier.test".into(),
        ..Config::default()
    });
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    let calls: Vec<_> = http(&fx)
        .iter()
        .map(|h| (h.method, h.path.clone(), h.bearer.clone()))
        .collect();
    assert_eq!(
        calls,
        vec![
            (Method::Get, "/api/settings/currencies".to_string(), None),
            (Method::Get, "/api/settings/locales".to_string(), None),
            (Method::Get, "/api/content".to_string(), None),
            (Method::Get, "/builds/latest.json".to_string(), None),
            // SPEC §7: the games collections at app creation (issue 29).
            (Method::Get, "/api/game/collections".to_string(), None),
            // The visitor's country for the geo-popup (issue 16).
            (Method::Get, "/api/geo".to_string(), None),
            // The public flags questsEnabled / loyaltyEnabled (issue 12): the bonuses group
            // hears the boot after the eager features (natively its code is here at once; in
            // the browser a guest's home does not load it, so does not ask).
            (Method::Get, "/api/settings/constants".to_string(), None)
        ]
    );
    assert_eq!(
        http(&fx)[0].query,
        vec![("visible".to_string(), "1".to_string())]
    );
    respond(&mut m, req::currencies(), 200, currencies());
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    m
}

fn sign_up(m: &mut Model) -> Vec<Effect> {
    input(m, FormId::SignUp, "email", text("jackpot@example.com"));
    input(m, FormId::SignUp, "password", text("s3cret-pass"));
    input(m, FormId::SignUp, "currency", text("BTC"));
    input(m, FormId::SignUp, "agreements", FormValue::Bool(true));
    ui(
        m,
        AppUi::FormSubmit {
            form: FormId::SignUp,
        },
    )
}

#[test]
fn invalid_sign_up_sends_nothing_and_shows_every_message() {
    let mut m = booted_guest();
    input(&mut m, FormId::SignUp, "email", text("someone@gmail.c"));
    input(&mut m, FormId::SignUp, "password", text("short"));
    // Before a submit or blur, no message is shown yet.
    assert!(view(&m).forms[&FormId::SignUp].errors.is_empty());
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignUp,
        },
    );
    assert!(
        http(&fx).is_empty(),
        "an invalid form must not send a request"
    );
    let errors = view(&m).forms[&FormId::SignUp].errors.clone();
    for field in ["email", "password", "currency", "agreements"] {
        assert!(
            errors.contains_key(field),
            "{field} should have a message: {errors:?}"
        );
    }
    assert!(!view(&m).forms[&FormId::SignUp].submitting);
    // Typed values stay.
    assert_eq!(
        view(&m).forms[&FormId::SignUp].values.get("email"),
        Some(&FormValue::Text("someone@gmail.c".into()))
    );
}

#[test]
fn blur_shows_only_that_field() {
    let mut m = booted_guest();
    input(&mut m, FormId::SignUp, "email", text("nope"));
    ui(
        &mut m,
        AppUi::FormBlur {
            form: FormId::SignUp,
            field: "email".into(),
        },
    );
    let errors = view(&m).forms[&FormId::SignUp].errors.clone();
    assert_eq!(errors.keys().collect::<Vec<_>>(), vec!["email"]);
}

#[test]
fn sign_up_logs_in_and_loads_accounts() {
    let mut m = booted_guest();
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "sign-up".into(),
            params: vec![],
        },
    );
    let fx = sign_up(&mut m);
    let reqs = http(&fx);
    assert_eq!(reqs.len(), 1);
    let r = reqs[0];
    assert_eq!(
        (r.method, r.path.as_str(), r.bearer.as_deref()),
        (Method::Post, "/api/player/register", None)
    );
    let body = r.body.as_ref().unwrap();
    assert_eq!(body["email"], "jackpot@example.com");
    assert_eq!(body["password"], "s3cret-pass");
    assert_eq!(body["currency"], "BTC");
    assert_eq!(body["agreements"], true);
    assert_eq!(body["source"], "https://croupier.test");
    assert_eq!(body["platform"], "web");
    assert!(r.source_platform);
    assert!(view(&m).forms[&FormId::SignUp].submitting);

    let t = token(3600, "a");
    let fx = respond(
        &mut m,
        req::register(),
        201,
        json!({"accessToken": t, "profile": profile()}),
    );
    assert!(fx.contains(&Effect::StoreToken(t.clone())));
    assert!(fx.contains(&Effect::SignalPeers { logged_in: true }));
    // The bonuses feature asks for the player's bonus codes too (issue 12).
    let reqs: Vec<_> = http(&fx)
        .into_iter()
        .filter(|r| !r.path.starts_with("/api/game/"))
        .collect();
    // The accounts, then the notifications' bell (issue 14).
    let paths: Vec<&str> = reqs.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/api/wallet/accounts",
            "/api/notification/messenger/messages",
            "/api/notification/pushes"
        ]
    );
    assert_eq!(reqs[0].method, Method::Get);
    assert_eq!(reqs[0].bearer.as_deref(), Some(t.as_str()));
    // The modal closes: the address loses its modal parameter.
    assert!(fx.contains(&Effect::PushUrl {
        url: "/".into(),
        replace: false
    }));

    let v = view(&m);
    assert_eq!(v.session.status, SessionStatus::Player);
    // SPEC §9: e-mail-derived nickname "jackpot" -> "jack***".
    assert_eq!(v.session.nickname.as_deref(), Some("jack***"));
    assert_eq!(v.nav.modal, None);

    respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "BTC", "balance": "0.01234567", "status": 1}]),
    );
    let v = view(&m);
    let bal = v.session.balance.unwrap();
    // Crypto in milli-units (SPEC §9 factor 1000).
    assert_eq!(
        (bal.amount.as_str(), bal.code.as_str()),
        ("12.34567", "mBTC")
    );
    assert_eq!(v.accounts.items.len(), 1);
    assert_eq!(
        v.accounts
            .addable
            .iter()
            .map(|c| c.code.as_str())
            .collect::<Vec<_>>(),
        vec!["USD"]
    );
}

fn signed_in() -> (Model, String) {
    let mut m = booted_guest();
    sign_up(&mut m);
    let t = token(3600, "a");
    respond(
        &mut m,
        req::register(),
        201,
        json!({"accessToken": t, "profile": profile()}),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "1250.5", "status": 1}]),
    );
    (m, t)
}

#[test]
fn create_and_switch_account() {
    let (mut m, t) = signed_in();
    assert_eq!(view(&m).session.balance.unwrap().amount, "1,250.50");
    input(&mut m, FormId::NewAccount, "currency", text("BTC"));
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::NewAccount,
        },
    );
    let r = http(&fx)[0];
    assert_eq!(
        (r.method, r.path.as_str(), r.bearer.as_deref()),
        (Method::Post, "/api/wallet/accounts", Some(t.as_str()))
    );
    assert_eq!(r.body, Some(j!({"currency": "BTC"})));
    let fx = respond(
        &mut m,
        req::create_account(),
        201,
        json!({"id": 2, "currency": "BTC", "balance": "0", "status": 2}),
    );
    assert_eq!(view(&m).accounts.items.len(), 2);
    assert_eq!(
        http(&fx)[0].path,
        "/api/wallet/accounts",
        "reloads the list after a create"
    );

    let fx = ui(&mut m, WalletUi::SwitchAccount { id: 2 });
    let r = http(&fx)[0];
    assert_eq!(
        (r.method, r.path.as_str()),
        (Method::Put, "/api/wallet/accounts/2/switch")
    );
    assert!(view(&m).accounts.items.iter().any(|a| a.id == 2 && a.busy));
    // A second click while in flight sends nothing.
    assert!(http(&ui(&mut m, WalletUi::SwitchAccount { id: 2 })).is_empty());
    respond(
        &mut m,
        req::switch_account(2),
        200,
        json!([{"id":1,"currency":"USD","balance":"1250.5","status":2},{"id":2,"currency":"BTC","balance":"0","status":1}]),
    );
    let v = view(&m);
    assert_eq!(v.session.balance.unwrap().code, "mBTC");
    assert!(v.accounts.items.iter().all(|a| !a.busy));
}

#[test]
fn create_account_error_keeps_choice_and_shows_server_message() {
    let (mut m, _) = signed_in();
    input(&mut m, FormId::NewAccount, "currency", text("BTC"));
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::NewAccount,
        },
    );
    respond(
        &mut m,
        req::create_account(),
        422,
        json!({"code":"validation_failed","message":"The given data was invalid.","errors":{"currency":["You already have an account in BTC."]}}),
    );
    let f = view(&m).forms[&FormId::NewAccount].clone();
    assert_eq!(
        f.errors.get("currency").map(String::as_str),
        Some("You already have an account in BTC.")
    );
    assert_eq!(
        f.values.get("currency"),
        Some(&FormValue::Text("BTC".into()))
    );
}

#[test]
fn hide_refuses_the_active_account() {
    let (mut m, _) = signed_in();
    assert!(http(&ui(&mut m, WalletUi::HideAccount { id: 1 })).is_empty());
}

#[test]
fn sign_out_clears_session_and_goes_home() {
    let (mut m, t) = signed_in();
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet".into(),
        },
    );
    let fx = ui(&mut m, SessionUi::SignOut);
    let r = http(&fx)[0];
    assert_eq!(
        (r.method, r.path.as_str(), r.bearer.as_deref()),
        (
            Method::Post,
            "/api/player/sessions/logout",
            Some(t.as_str())
        )
    );
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.contains(&Effect::SignalPeers { logged_in: false }));
    assert!(fx.contains(&Effect::PushUrl {
        url: "/".into(),
        replace: false
    }));
    let v = view(&m);
    assert_eq!(v.session.status, SessionStatus::Guest);
    assert!(v.session.nickname.is_none() && v.accounts.items.is_empty());
}

#[test]
fn wrong_password_shows_server_message_and_keeps_email() {
    let mut m = booted_guest();
    input(&mut m, FormId::SignIn, "email", text("jackpot@example.com"));
    input(&mut m, FormId::SignIn, "password", text("wrong-password"));
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignIn,
        },
    );
    let r = http(&fx)[0];
    assert_eq!(
        (r.method, r.path.as_str()),
        (Method::Post, "/api/player/sessions")
    );
    assert_eq!(r.body.as_ref().unwrap()["email"], "jackpot@example.com");
    let fx = respond(
        &mut m,
        req::login(),
        422,
        json!({"code":"invalid_credentials","message":"Incorrect e-mail or password."}),
    );
    assert!(!fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    let f = view(&m).forms[&FormId::SignIn].clone();
    assert_eq!(f.error.as_deref(), Some("Incorrect e-mail or password."));
    assert_eq!(
        f.values.get("email"),
        Some(&FormValue::Text("jackpot@example.com".into()))
    );
    assert!(!f.submitting);
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
}

#[test]
fn network_failure_on_sign_in_keeps_the_form() {
    let mut m = booted_guest();
    input(&mut m, FormId::SignIn, "email", text("jackpot@example.com"));
    input(&mut m, FormId::SignIn, "password", text("whatever1"));
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignIn,
        },
    );
    let id = support::call_id(&m, &req::login());
    update(
        &mut m,
        Event::Http {
            id,
            outcome: HttpOutcome::Failed {
                reason: "offline".into(),
            },
        },
        NOW,
    );
    let f = view(&m).forms[&FormId::SignIn].clone();
    assert!(f.error.unwrap().contains("Cannot reach the server"));
    assert_eq!(
        f.values.get("password"),
        Some(&FormValue::Text("whatever1".into()))
    );
}

#[test]
fn stored_session_restores_profile_and_accounts() {
    let t = token(3600, "a");
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: Some(t.clone()),
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    let authed: Vec<_> = http(&fx)
        .into_iter()
        .filter(|h| h.bearer.is_some())
        .map(|h| h.path.clone())
        .collect();
    assert_eq!(authed, vec!["/api/player/profile", "/api/wallet/accounts"]);
    assert_eq!(view(&m).session.status, SessionStatus::Booting);
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id":7,"nickname":"LuckyAce","email":"x@example.com"}),
    );
    assert_eq!(view(&m).session.status, SessionStatus::Player);
    assert_eq!(view(&m).session.nickname.as_deref(), Some("LuckyAce"));
}

#[test]
fn a_modal_asked_while_the_session_restores_opens_once_the_player_is_known() {
    let t = token(3600, "a");
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(t),
            path: "/wallet".into(),
            boot: Default::default(),
        },
        NOW,
    );
    // A press on the wallet page painted before the core (its Deposit button).
    let fx = ui(
        &mut m,
        AppUi::OpenModal {
            id: "wallet".into(),
            params: vec![("wallet".into(), "deposit".into())],
        },
    );
    assert!(fx.contains(&Effect::PushUrl {
        url: "/wallet?modal=wallet&wallet=deposit".into(),
        replace: false
    }));
    assert_eq!(view(&m).nav.modal, None, "not before the player is known");
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id":7,"nickname":"LuckyAce","email":"x@example.com"}),
    );
    assert_eq!(view(&m).nav.modal.map(|x| x.id).as_deref(), Some("wallet"));
}

#[test]
fn expired_token_is_refreshed_once_before_calls() {
    let old = token(5, "old"); // inside the 10 s margin: counts as expired
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: Some(old.clone()),
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    // The cross-tab lock first (session_native.rs covers waiting for another tab).
    assert!(fx.contains(&Effect::RefreshLock(LockCmd::Acquire)));
    assert!(http(&fx).iter().all(|h| h.bearer.is_none()));
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        }),
        NOW,
    );
    let authed: Vec<_> = http(&fx)
        .into_iter()
        .filter(|h| h.bearer.is_some())
        .collect();
    assert_eq!(
        authed.len(),
        1,
        "one refresh, the profile and accounts calls wait"
    );
    assert_eq!(
        (authed[0].path.as_str(), authed[0].bearer.as_deref()),
        ("/api/player/sessions/refresh", Some(old.as_str()))
    );
    let new = token(3600, "new");
    let fx = respond(&mut m, req::refresh(), 200, json!({"accessToken": new}));
    assert!(fx.contains(&Effect::StoreToken(new.clone())));
    let replayed: Vec<_> = http(&fx)
        .iter()
        .map(|h| (h.path.clone(), h.bearer.clone()))
        .collect();
    assert_eq!(
        replayed,
        vec![
            ("/api/player/profile".to_string(), Some(new.clone())),
            ("/api/wallet/accounts".to_string(), Some(new.clone()))
        ]
    );
}

#[test]
fn failed_refresh_ends_session_with_sign_in_open() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(-100, "old")),
            path: "/wallet".into(),
            boot: Default::default(),
        },
        NOW,
    );
    let fx = respond(
        &mut m,
        req::refresh(),
        401,
        json!({"code":"unauthorized","message":"Session closed."}),
    );
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.contains(&Effect::PushUrl {
        url: "/?modal=sign-in".into(),
        replace: false
    }));
    let v = view(&m);
    assert_eq!(v.session.status, SessionStatus::Guest);
    assert_eq!(v.nav.modal.as_ref().map(|m| m.id.as_str()), Some("sign-in"));
}

#[test]
fn unauthorized_on_authenticated_call_ends_session() {
    let (mut m, _) = signed_in();
    // A new account makes the wallet load the list again; the server refuses the token.
    support::add_account(&mut m, "BTC", 2);
    let fx = respond(
        &mut m,
        req::accounts(),
        401,
        json!({"code":"unauthorized","message":"Token expired."}),
    );
    assert!(fx.contains(&Effect::ClearToken));
    assert_eq!(
        view(&m).nav.modal.as_ref().map(|m| m.id.as_str()),
        Some("sign-in")
    );
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
}

#[test]
fn guest_only_modal_refused_for_player() {
    let (mut m, _) = signed_in();
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=sign-in".into(),
        },
    );
    assert_eq!(view(&m).nav.modal, None);
    assert!(fx.contains(&Effect::PushUrl {
        url: "/".into(),
        replace: true
    }));
}

#[test]
fn malformed_success_body_does_not_crash() {
    let mut m = booted_guest();
    sign_up(&mut m);
    support::respond_text(&mut m, req::register(), 201, "<html>");
    let v = view(&m);
    assert_eq!(v.session.status, SessionStatus::Guest);
    assert_eq!(
        v.forms[&FormId::SignUp].error.as_deref(),
        Some("Something went wrong")
    );
}

#[test]
fn peer_logout_signs_this_tab_out() {
    let (mut m, _) = signed_in();
    let fx = update(&mut m, Event::PeerSession { logged_in: false }, NOW);
    assert!(fx.contains(&Effect::ClearToken));
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    let mut guest = booted_guest();
    assert_eq!(
        update(&mut guest, Event::PeerSession { logged_in: true }, NOW),
        vec![Effect::Reload]
    );
}

#[test]
fn links_push_the_address_and_back_does_not() {
    let mut m = booted_guest();
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet".into(),
        },
    );
    assert!(fx.contains(&Effect::PushUrl {
        url: "/wallet".into(),
        replace: false
    }));
    assert_eq!(view(&m).nav.path, "/wallet");
    let fx = update(&mut m, Event::AddressChanged { path: "/".into() }, NOW);
    assert!(!fx.iter().any(|e| matches!(e, Effect::PushUrl { .. })));
    assert_eq!(view(&m).nav.path, "/");
}

#[test]
fn switching_back_to_a_locale_restores_its_texts() {
    let mut m = booted_guest();
    respond(
        &mut m,
        req::content("en"),
        200,
        json!({"layout": {"signIn": "Sign in"}}),
    );
    assert_eq!(view(&m).texts[&"layout.signIn".to_string()], "Sign in");
    let fx = ui(
        &mut m,
        AppUi::SetLocale {
            code: "pt-br".into(),
        },
    );
    assert!(http(&fx).iter().any(|h| h.path == "/api/content"));
    respond(
        &mut m,
        req::content("pt-br"),
        200,
        json!({"layout": {"signIn": "Entrar"}}),
    );
    assert_eq!(view(&m).texts[&"layout.signIn".to_string()], "Entrar");
    // Back to English: cached, no request, and no Portuguese left over.
    let fx = ui(&mut m, AppUi::SetLocale { code: "en".into() });
    assert!(!http(&fx).iter().any(|h| h.path == "/api/content"));
    assert_eq!(view(&m).texts[&"layout.signIn".to_string()], "Sign in");
}

#[test]
fn content_that_says_what_the_texts_already_say_sends_no_texts() {
    let config = Config {
        texts: [("layout.signIn".to_string(), "Sign in".to_string())]
            .into_iter()
            .collect(),
        ..Config::default()
    };
    let mut m = support::guest_with(config, "/");
    sent(&mut m);
    // The bundled English again: nothing to redraw.
    respond(
        &mut m,
        req::content("en"),
        200,
        json!({"layout": {"signIn": "Sign in"}}),
    );
    assert!(!sent(&mut m).contains(&"texts"));
    // A text the operator changed is sent, with the rest.
    ui(
        &mut m,
        AppUi::SetLocale {
            code: "pt-br".into(),
        },
    );
    sent(&mut m);
    respond(
        &mut m,
        req::content("pt-br"),
        200,
        json!({"layout": {"signIn": "Entrar"}}),
    );
    assert!(sent(&mut m).contains(&"texts"));
    assert_eq!(view(&m).texts[&"layout.signIn".to_string()], "Entrar");
}

#[test]
fn validation_messages_follow_the_locale() {
    let mut m = booted_guest();
    ui(
        &mut m,
        AppUi::SetLocale {
            code: "pt-br".into(),
        },
    );
    respond(
        &mut m,
        req::content("pt-br"),
        200,
        json!({"fields-settings": {"validations.required": "Este campo é obrigatório"}}),
    );
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignIn,
        },
    );
    assert_eq!(
        view(&m).forms[&FormId::SignIn].errors[&"email".to_string()],
        "Este campo é obrigatório"
    );
}
