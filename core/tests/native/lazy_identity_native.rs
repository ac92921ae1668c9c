//! The identity group (issue 28, session 51: `identity` in registry.rs, the phone and social
//! features): the sign-in and sign-up modals, the phone's modals and the social return pages
//! load its chunk, the guest's home never does; the providers are offered before the code is
//! here; what was pressed, typed or returned while the chunk loads is done once it is here,
//! and a failed chunk sends nothing until the retry. The features' own rules are
//! phone_native.rs and social_native.rs.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::{phone, referral, social};
use croupier_core::app::groups::LoadState;
use croupier_core::app::registry::{FormId, GroupId, Req};
use croupier_core::app::stored::Kept;
use croupier_core::app::{
    update, view, AppUi, Boot, Config, Effect, Event, FormValue, Model, UiEvent,
};
use serde_json::json;
use support::{arrived_of, failed_of, http, loads_of, respond, type_text, ui, NOW};

const IDENTITY: GroupId = GroupId::identity;

fn boot(path: &str) -> (Model, Vec<Effect>) {
    support::booted_deferred(Config::default(), path)
}

fn from_view(m: &mut Model, event: serde_json::Value) -> Vec<Effect> {
    let read = UiEvent::from_view(event).expect("a known type");
    ui(m, read)
}

fn submit(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

fn redirects(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Load { url } => Some(url.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_sign_in_and_phone_modals_and_the_return_pages_load_the_group_and_the_home_does_not() {
    let (mut m, fx) = boot("/");
    assert_eq!(loads_of(&fx, IDENTITY), 0);
    assert_eq!(view(&m).groups.identity, LoadState::Idle);
    // A guest's other pages do not either (`/profile` shows a sign-in button).
    for path in [
        "/games",
        "/sport",
        "/profile",
        "/static/terms",
        "/?modal=forgot-pass",
    ] {
        let fx = ui(&mut m, AppUi::Navigate { path: path.into() });
        assert_eq!(loads_of(&fx, IDENTITY), 0, "{path}");
    }
    for path in [
        "/?modal=sign-in",
        "/?modal=sign-up",
        "/games?modal=get-code",
        "/?modal=code-verify",
        "/auth/social/google/callback?code=c-1&state=s-1",
        "/auth/autologin?token=t-1",
    ] {
        let (m, fx) = boot(path);
        assert_eq!(loads_of(&fx, IDENTITY), 1, "{path}");
        assert_eq!(view(&m).groups.identity, LoadState::Loading, "{path}");
    }
    // Opened from the home: the modal loads it once.
    let (mut m, _) = boot("/");
    let fx = ui(
        &mut m,
        AppUi::OpenModal {
            id: "sign-in".into(),
            params: Default::default(),
        },
    );
    assert_eq!(loads_of(&fx, IDENTITY), 1);
    let fx = ui(
        &mut m,
        AppUi::OpenModal {
            id: "get-code".into(),
            params: Default::default(),
        },
    );
    assert_eq!(loads_of(&fx, IDENTITY), 0, "already loading");
}

#[test]
fn the_providers_are_offered_before_the_code_is_here() {
    let (m, _) = boot("/?modal=sign-in");
    assert_eq!(view(&m).groups.identity, LoadState::Loading);
    assert_eq!(
        view(&m).session.social_connections,
        vec![
            ["google".to_string(), "Google".to_string()],
            ["facebook".to_string(), "Facebook".to_string()]
        ]
    );
}

#[test]
fn a_provider_pressed_before_the_chunk_is_here_is_gone_to_when_it_arrives() {
    let (mut m, _) = boot("/");
    let fx = from_view(
        &mut m,
        json!({"type": "socialStart", "connection": "google"}),
    );
    assert_eq!(loads_of(&fx, IDENTITY), 1, "the press asks for the code");
    assert!(redirects(&fx).is_empty());
    let fx = arrived_of(&mut m, IDENTITY);
    let urls = redirects(&fx);
    assert_eq!(urls.len(), 1, "{fx:#?}");
    assert!(
        urls[0].starts_with("/api/player/social/google/authorize?"),
        "{}",
        urls[0]
    );
}

#[test]
fn a_number_typed_and_sent_while_the_chunk_loads_is_sent_when_it_arrives() {
    let (mut m, _) = boot("/?modal=get-code");
    type_text(&mut m, FormId::PhoneNumber, "phone", "+351 912 345 678");
    // The view shows what was typed at once.
    assert_eq!(
        view(&m).forms[&FormId::PhoneNumber].values[&"phone".to_string()],
        FormValue::Text("+351 912 345 678".into())
    );
    let fx = submit(&mut m, FormId::PhoneNumber);
    assert!(http(&fx).is_empty(), "waits for the code");
    let fx = arrived_of(&mut m, IDENTITY);
    let sent = http(&fx);
    let send = sent
        .iter()
        .find(|h| h.path == "/api/player/otp/send")
        .expect("the code is asked for");
    assert_eq!(send.body.as_ref().unwrap()["phone"], "+351 912 345 678");
    // Answered: on to the code, as without a chunk.
    respond(
        &mut m,
        Req::Phone(phone::Call::Send {
            profile: false,
            resend: false,
        }),
        200,
        json!({"phone": "+351912345678", "resendIn": 60, "expiresIn": 300, "length": 6}),
    );
    assert_eq!(
        view(&m).nav.modal.map(|mo| mo.id),
        Some("code-verify".to_string())
    );
    assert_eq!(view(&m).phone.sent_to.as_deref(), Some("+351912345678"));
}

#[test]
fn a_failed_chunk_sends_nothing_until_the_retry_and_keeps_the_number() {
    let (mut m, _) = boot("/?modal=get-code");
    failed_of(&mut m, IDENTITY);
    assert_eq!(view(&m).groups.identity, LoadState::Failed);
    type_text(&mut m, FormId::PhoneNumber, "phone", "+351 912 345 678");
    let fx = submit(&mut m, FormId::PhoneNumber);
    assert_eq!(loads_of(&fx, IDENTITY), 0, "no refetch on every event");
    assert!(http(&fx).is_empty());
    // The retry (the view's `Core.load`).
    let fx = update(&mut m, Event::LoadGroup(IDENTITY), NOW);
    assert_eq!(loads_of(&fx, IDENTITY), 1);
    let fx = arrived_of(&mut m, IDENTITY);
    let sent = http(&fx);
    assert_eq!(
        sent.iter()
            .filter(|h| h.path == "/api/player/otp/send")
            .count(),
        1,
        "sent once, with the number typed"
    );
}

#[test]
fn the_social_return_is_finished_when_the_chunk_arrives() {
    let mut m = Model::new(Config::default());
    m.groups.deferred = true;
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/auth/social/google/callback?code=c-1&state=5eed42".into(),
            boot: Boot {
                origin: "http://casino.test".into(),
                seed: "5eed".into(),
                stored: Kept::default()
                    .with(referral::COOKIES[0], "aff-1")
                    .with(social::PENDING, "5eed42 google login /games?x=1"),
                ..Boot::default()
            },
        },
        NOW,
    );
    assert_eq!(loads_of(&fx, IDENTITY), 1);
    assert!(http(&fx)
        .iter()
        .all(|h| h.path != "/api/player/sessions/social"));
    // The boot (the kept round trip) and the session's start reach the code in order.
    let fx = arrived_of(&mut m, IDENTITY);
    let login = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/player/sessions/social")
        .expect("the code is traded once the chunk is here");
    assert_eq!(login.body.as_ref().unwrap()["affiliateTag"], "aff-1");
    assert!(view(&m).social.busy);
}
