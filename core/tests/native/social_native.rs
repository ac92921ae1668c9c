//! Social sign-in and linking through the provider's round trip, and auto-login (issue 14).

use crate::support;

use croupier_core::app::features::referral;
use croupier_core::app::features::social::{self, SocialUi};
use croupier_core::app::stored::Kept;
use croupier_core::app::{update, view, Boot, Config, Effect, Event, Guard, Model, Req};
use serde_json::json;
use support::{http, req, respond, token, ui, NOW};

fn boot(path: &str, token: Option<String>, pending: Option<&str>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token,
            path: path.into(),
            boot: Boot {
                origin: "http://casino.test".into(),
                seed: "5eed".into(),
                stored: {
                    let tag = Kept::default().with(referral::COOKIES[0], "aff-1");
                    match pending {
                        Some(p) => tag.with(social::PENDING, p),
                        None => tag,
                    }
                },
                ..Boot::default()
            },
        },
        NOW,
    );
    (m, fx)
}

fn stored(fx: &[Effect]) -> Option<Option<String>> {
    fx.iter().find_map(|e| match e {
        Effect::StoreSession { key, value } if key == social::PENDING_KEY => Some(value.clone()),
        _ => None,
    })
}

fn pushed(fx: &[Effect]) -> Option<String> {
    fx.iter().rev().find_map(|e| match e {
        Effect::PushUrl { url, .. } => Some(url.clone()),
        _ => None,
    })
}

#[test]
fn a_guest_goes_to_the_provider_with_a_kept_state() {
    let (mut m, _) = boot("/games?modal=sign-in", None, None);
    let fx = ui(
        &mut m,
        SocialUi::SocialStart {
            connection: "google".into(),
        },
    );
    let kept = stored(&fx).flatten().expect("the round trip is kept");
    let p = social::Pending::read(&kept).unwrap();
    assert!(p.state.starts_with("5eed"));
    assert_eq!(p.connection, "google");
    assert!(!p.link);
    assert_eq!(p.back, "/games", "backRoute without the sign-in modal");
    let url = fx
        .iter()
        .find_map(|e| match e {
            Effect::Load { url } => Some(url.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        url,
        format!(
            "/api/player/social/google/authorize?redirect_uri=http%3A%2F%2Fcasino.test%2Fauth%2Fsocial%2Fgoogle%2Fcallback&state={}",
            p.state
        )
    );
    // An unknown provider goes nowhere.
    let fx = ui(
        &mut m,
        SocialUi::SocialStart {
            connection: "myspace".into(),
        },
    );
    assert!(stored(&fx).is_none());
}

#[test]
fn the_callback_trades_the_code_and_returns_to_the_back_route() {
    let (mut m, fx) = boot(
        "/auth/social/google/callback?code=c-1&state=5eed42",
        None,
        Some("5eed42 google login /games?x=1"),
    );
    assert_eq!(stored(&fx), Some(None), "the kept round trip is used once");
    let h = http(&fx);
    let login = h
        .iter()
        .find(|h| h.path == "/api/player/sessions/social")
        .expect("the code is traded");
    assert_eq!(
        login.query,
        [
            ("code".to_string(), "c-1".to_string()),
            ("state".to_string(), "5eed42".to_string())
        ]
    );
    assert_eq!(
        login.guarded,
        Guard::Form,
        "a sign-in: captcha and fingerprints"
    );
    let body = login.body.clone().unwrap();
    assert_eq!(body["connection"], "google");
    assert_eq!(
        body["affiliateTag"], "aff-1",
        "the tag cookie goes with a sign-in made during the boot"
    );
    assert_eq!(
        body["redirectUri"],
        "http://casino.test/auth/social/google/callback"
    );
    assert!(view(&m).social.busy);
    let fx = respond(
        &mut m,
        Req::Social(social::Call::Login {
            code: "c-1".into(),
            state: "5eed42".into(),
        }),
        200,
        json!({"accessToken": token(3600, "s"), "profile": {"id": 7, "isNewlyRegistered": true}}),
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    assert_eq!(pushed(&fx).as_deref(), Some("/games?x=1"));
    assert!(view(&m)
        .toasts
        .iter()
        .any(|t| t.title == "Welcome to Croupier!"));
}

#[test]
fn a_state_this_tab_did_not_make_is_refused_before_anything_is_sent() {
    let (m, fx) = boot(
        "/auth/social/google/callback?code=c-1&state=forged",
        None,
        Some("5eed42 google login /"),
    );
    assert!(http(&fx)
        .iter()
        .all(|h| h.path != "/api/player/sessions/social"));
    assert!(view(&m).social.error.is_some());
    assert_eq!(
        pushed(&fx).as_deref(),
        Some("/auth/social/google/callback"),
        "the code leaves the address (and the preloader goes)"
    );
    // Nor without any kept round trip.
    let (m, fx) = boot(
        "/auth/social/google/callback?code=c-1&state=5eed42",
        None,
        None,
    );
    assert!(http(&fx)
        .iter()
        .all(|h| h.path != "/api/player/sessions/social"));
    assert!(view(&m).social.error.is_some());
}

#[test]
fn a_denied_consent_returns_with_an_alert() {
    let (m, fx) = boot(
        "/auth/social/facebook/callback?error=access_denied&state=5eed1",
        None,
        Some("5eed1 facebook login /bonuses"),
    );
    assert_eq!(pushed(&fx).as_deref(), Some("/bonuses"));
    assert!(http(&fx)
        .iter()
        .all(|h| h.path != "/api/player/sessions/social"));
    assert!(!view(&m).toasts.is_empty());
}

#[test]
fn a_refused_sign_in_says_why_and_opens_sign_in() {
    let (mut m, _) = boot(
        "/auth/social/google/callback?code=c-1&state=5eed42",
        None,
        Some("5eed42 google login /"),
    );
    respond(
        &mut m,
        Req::Social(social::Call::Login {
            code: "c-1".into(),
            state: "5eed42".into(),
        }),
        422,
        json!({"code": "social_email_taken", "message": "An account with this e-mail already exists.", "errors": {}}),
    );
    let v = view(&m);
    assert_eq!(v.nav.modal.map(|x| x.id).as_deref(), Some("sign-in"));
    assert!(v
        .toasts
        .iter()
        .any(|t| t.description.as_deref() == Some("An account with this e-mail already exists.")));
}

#[test]
fn a_player_links_a_provider_and_lands_on_the_profile() {
    let (mut m, _) = boot(
        "/auth/social/google/callback?code=c-9&state=5eed7",
        Some(token(3600, "a")),
        Some("5eed7 google link /profile"),
    );
    // The session is restored first; then the code is traded with the player's token.
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    let h = http(&fx);
    let link = h
        .iter()
        .find(|h| h.path == "/api/player/social-connections/google")
        .expect("linked");
    assert!(link.bearer.is_some());
    let fx = respond(
        &mut m,
        Req::Social(social::Call::Link {
            connection: "google".into(),
            code: "c-9".into(),
            state: "5eed7".into(),
        }),
        200,
        json!([{"socialType": "google", "email": "a@gmail.example", "linkedAt": 1}]),
    );
    assert_eq!(pushed(&fx).as_deref(), Some("/profile"));
    assert_eq!(view(&m).social.links[0].email, "a@gmail.example");
}

#[test]
fn autologin_trades_the_token_once() {
    let (mut m, fx) = boot("/auth/autologin?token=tok-1", None, None);
    let h = http(&fx);
    let t = h
        .iter()
        .find(|h| h.path == "/api/player/sessions/token")
        .expect("the token is traded");
    assert_eq!(t.body.clone().unwrap()["token"], "tok-1");
    assert!(t.source_platform, "source and platform go with it");
    assert_eq!(t.guarded, Guard::Form, "and the fingerprints");
    let fx = respond(
        &mut m,
        Req::Social(social::Call::Token),
        200,
        json!({"accessToken": token(3600, "t"), "profile": {"id": 7}}),
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    assert_eq!(pushed(&fx).as_deref(), Some("/"));

    let (m, fx) = boot("/auth/autologin", None, None);
    assert!(http(&fx)
        .iter()
        .all(|h| h.path != "/api/player/sessions/token"));
    assert!(
        view(&m).social.error.is_some(),
        "a link without its token says so"
    );

    let (mut m, _) = boot("/auth/autologin?token=used", None, None);
    respond(
        &mut m,
        Req::Social(social::Call::Token),
        422,
        json!({"code": "autologin_invalid", "message": "This sign-in link is used or has expired.", "errors": {"token": ["x"]}}),
    );
    let v = view(&m);
    assert_eq!(v.nav.modal.map(|x| x.id).as_deref(), Some("sign-in"));
}

#[test]
fn unlinking_shows_the_servers_refusal() {
    let (mut m, _) = boot("/profile/info", Some(token(3600, "a")), None);
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/player/social-connections"));
    respond(
        &mut m,
        Req::Social(social::Call::Links),
        200,
        json!([{"socialType": "google", "email": "g@x"}]),
    );
    let fx = ui(
        &mut m,
        SocialUi::SocialUnlink {
            connection: "google".into(),
        },
    );
    assert_eq!(http(&fx)[0].body, Some(json!({"socialType": "google"})));
    respond(
        &mut m,
        Req::Social(social::Call::Unlink),
        422,
        json!({"code": "last_sign_in_method", "message": "This is the only way you sign in.", "errors": {}}),
    );
    let v = view(&m);
    assert_eq!(v.social.links.len(), 1);
    assert_eq!(v.social.unlinking, None);
    assert!(v
        .toasts
        .iter()
        .any(|t| t.description.as_deref() == Some("This is the only way you sign in.")));
}
