//! Phone sign-in and sign-up with a one-time code, and confirming a phone for the profile
//! (issue 14): get-code, code-verify (resend countdown, wrong codes, the sign-up step), phone.

use crate::support;

use croupier_core::app::features::phone::{self, PhoneUi};
use croupier_core::app::features::verify::Proof;
use croupier_core::app::{
    update, view, AppUi, Boot, Config, Effect, Event, FormId, FormValue, Guard, Model, Req,
};
use serde_json::json;
use support::{guest, http, req, respond, token, ui, NOW};

fn send(profile: bool, resend: bool) -> Req {
    Req::Phone(phone::Call::Send { profile, resend })
}
fn verify(profile: bool) -> Req {
    Req::Phone(phone::Call::Verify { profile })
}

fn input(m: &mut Model, form: FormId, f: &str, v: FormValue) {
    ui(
        m,
        AppUi::FormInput {
            form,
            field: f.into(),
            value: v,
        },
    );
}

fn text(v: &str) -> FormValue {
    FormValue::Text(v.into())
}

fn submit(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

fn modal(m: &Model) -> Option<String> {
    view(m).nav.modal.map(|x| x.id)
}

/// A guest asked for a code for +351 912 345 678 and is on code-verify.
fn code_sent() -> Model {
    code_sent_at("/?modal=get-code")
}

fn code_sent_at(address: &str) -> Model {
    let mut m = guest(address);
    input(
        &mut m,
        FormId::PhoneNumber,
        "phone",
        text("+351 912 345 678"),
    );
    let fx = submit(&mut m, FormId::PhoneNumber);
    let h = http(&fx);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].path, "/api/player/otp/send");
    assert_eq!(h[0].bearer, None);
    assert_eq!(h[0].body, Some(json!({"phone": "+351 912 345 678"})));
    respond(
        &mut m,
        send(false, false),
        200,
        json!({"phone": "+351912345678", "resendIn": 60, "expiresIn": 300, "length": 6}),
    );
    assert_eq!(modal(&m).as_deref(), Some("code-verify"));
    m
}

#[test]
fn a_bad_number_sends_nothing_and_keeps_the_text() {
    let mut m = guest("/?modal=get-code");
    input(&mut m, FormId::PhoneNumber, "phone", text("+351 12"));
    assert!(http(&submit(&mut m, FormId::PhoneNumber)).is_empty());
    let f = &view(&m).forms[&FormId::PhoneNumber];
    assert!(f.errors.contains_key("phone"));
    assert_eq!(f.values.get("phone"), Some(&text("+351 12")));
    // The server's refusal goes under the field.
    input(
        &mut m,
        FormId::PhoneNumber,
        "phone",
        text("+351 912 345 678"),
    );
    submit(&mut m, FormId::PhoneNumber);
    respond(
        &mut m,
        send(false, false),
        422,
        json!({"code": "validation_failed", "message": "The given data was invalid.",
               "errors": {"phone": ["The phone must be a valid phone number."]}}),
    );
    let f = &view(&m).forms[&FormId::PhoneNumber];
    assert_eq!(
        f.errors.get("phone").map(String::as_str),
        Some("The phone must be a valid phone number.")
    );
    assert_eq!(f.error, None, "not repeated as the form's message");
    assert_eq!(modal(&m).as_deref(), Some("get-code"));
}

#[test]
fn a_known_number_signs_in_with_its_code() {
    let mut m = code_sent();
    let v = view(&m).phone;
    assert_eq!(v.sent_to.as_deref(), Some("+351912345678"));
    assert_eq!(v.resend_at, NOW + 60_000);
    // Five digits are not a code: nothing is sent.
    input(&mut m, FormId::PhoneCode, "code", text("12345"));
    assert!(http(&submit(&mut m, FormId::PhoneCode)).is_empty());
    input(&mut m, FormId::PhoneCode, "code", text("123456"));
    let fx = submit(&mut m, FormId::PhoneCode);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/otp/verify");
    assert!(h[0].source_platform, "a sign-in sends source and platform");
    assert_eq!(
        h[0].guarded,
        Guard::Form,
        "the runtime adds the captcha token and both fingerprints"
    );
    let body = h[0].body.clone().unwrap();
    assert_eq!(body["phone"], "+351912345678");
    assert_eq!(body["code"], "123456");
    let fx = respond(
        &mut m,
        verify(false),
        200,
        json!({"accessToken": token(3600, "p"), "profile": {"id": 7, "phone": "+351912345678"}}),
    );
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::StoreToken(t) if *t == token(3600, "p"))));
    assert_eq!(modal(&m), None);
    assert_eq!(
        view(&m).session.status,
        croupier_core::app::SessionStatus::Player
    );
    assert_eq!(
        view(&m).phone.sent_to,
        None,
        "nothing of the guest's code stays"
    );
}

#[test]
fn wrong_codes_show_the_servers_reason_and_the_third_asks_for_a_new_code() {
    let mut m = code_sent();
    input(&mut m, FormId::PhoneCode, "code", text("000000"));
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        verify(false),
        422,
        json!({"code": "otp_invalid", "message": "The code is incorrect: 2 attempts left.",
               "errors": {"code": ["The code is incorrect: 2 attempts left."]}}),
    );
    let f = &view(&m).forms[&FormId::PhoneCode];
    assert_eq!(
        f.errors.get("code").map(String::as_str),
        Some("The code is incorrect: 2 attempts left.")
    );
    assert_eq!(
        f.values.get("code"),
        Some(&text("000000")),
        "the text stays"
    );
    // Resend is held back by the countdown.
    assert!(http(&ui(&mut m, PhoneUi::PhoneResend)).is_empty());
    // The same wrong code again is not sent: the server's message stands until it changes.
    assert!(http(&submit(&mut m, FormId::PhoneCode)).is_empty());
    input(&mut m, FormId::PhoneCode, "code", text("000001"));
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        verify(false),
        422,
        json!({"code": "otp_expired", "message": "Three wrong codes",
               "errors": {"code": ["Three wrong codes: this one no longer works. Ask for a new one."]}}),
    );
    assert_eq!(
        view(&m).phone.resend_at,
        0,
        "a new code may be asked for at once"
    );
    let fx = ui(&mut m, PhoneUi::PhoneResend);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/otp/send");
    assert_eq!(h[0].body, Some(json!({"phone": "+351912345678"})));
    assert!(view(&m).phone.resending);
    // A second click while the first is on its way sends nothing.
    assert!(http(&ui(&mut m, PhoneUi::PhoneResend)).is_empty());
    respond(
        &mut m,
        send(false, true),
        200,
        json!({"phone": "+351912345678", "resendIn": 60, "length": 6}),
    );
    let v = view(&m);
    assert_eq!(v.phone.resend_at, NOW + 60_000);
    assert!(!v.phone.resending);
    assert_eq!(v.nav.modal.map(|x| x.id).as_deref(), Some("code-verify"));
    assert!(v.forms[&FormId::PhoneCode].errors.is_empty());
}

#[test]
fn a_new_number_finishes_the_sign_up_in_code_verify() {
    let mut m = code_sent();
    input(&mut m, FormId::PhoneCode, "code", text("654321"));
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        verify(false),
        200,
        json!({"registered": false, "phone": "+351912345678"}),
    );
    assert!(view(&m).phone.new_player);
    assert_eq!(modal(&m).as_deref(), Some("code-verify"));
    // Agreements missing: nothing is sent.
    input(&mut m, FormId::PhoneSignUp, "currency", text("EUR"));
    assert!(http(&submit(&mut m, FormId::PhoneSignUp)).is_empty());
    assert!(view(&m).forms[&FormId::PhoneSignUp]
        .errors
        .contains_key("agreements"));
    input(
        &mut m,
        FormId::PhoneSignUp,
        "agreements",
        FormValue::Bool(true),
    );
    let fx = submit(&mut m, FormId::PhoneSignUp);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/register/phone");
    assert!(h[0].source_platform);
    assert_eq!(h[0].guarded, Guard::Form);
    let body = h[0].body.clone().unwrap();
    assert_eq!(body["phone"], "+351912345678");
    assert_eq!(body["code"], "654321");
    assert_eq!(body["currency"], "EUR");
    assert_eq!(body["agreements"], true);
    assert_eq!(body["locale"], "en");
    let fx = respond(
        &mut m,
        Req::Phone(phone::Call::Register),
        201,
        json!({"accessToken": token(3600, "n"),
               "profile": {"id": 7, "phone": "+351912345678", "isNewlyRegistered": true}}),
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    assert_eq!(modal(&m), None);
}

#[test]
fn a_sign_up_whose_code_ran_out_goes_back_to_the_code() {
    let mut m = code_sent();
    input(&mut m, FormId::PhoneCode, "code", text("654321"));
    submit(&mut m, FormId::PhoneCode);
    respond(&mut m, verify(false), 200, json!({"registered": false}));
    input(&mut m, FormId::PhoneSignUp, "currency", text("EUR"));
    input(
        &mut m,
        FormId::PhoneSignUp,
        "agreements",
        FormValue::Bool(true),
    );
    submit(&mut m, FormId::PhoneSignUp);
    respond(
        &mut m,
        Req::Phone(phone::Call::Register),
        422,
        json!({"code": "otp_expired", "message": "Confirm the phone with a new code first.",
               "errors": {"code": ["Confirm the phone with a new code first."]}}),
    );
    let v = view(&m);
    assert!(!v.phone.new_player);
    assert_eq!(
        v.forms[&FormId::PhoneCode]
            .errors
            .get("code")
            .map(String::as_str),
        Some("Confirm the phone with a new code first.")
    );
    assert_eq!(
        v.forms[&FormId::PhoneSignUp].values.get("currency"),
        Some(&text("EUR")),
        "the sign-up fields stay for after the new code"
    );
}

#[test]
fn asking_again_too_early_returns_to_the_code_with_the_time_left() {
    let mut m = code_sent();
    ui(&mut m, PhoneUi::PhoneChangeNumber);
    assert_eq!(modal(&m).as_deref(), Some("get-code"));
    assert_eq!(
        view(&m).forms[&FormId::PhoneNumber].values.get("phone"),
        Some(&text("+351 912 345 678")),
        "the number stays"
    );
    submit(&mut m, FormId::PhoneNumber);
    respond(
        &mut m,
        send(false, false),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 42}),
    );
    assert_eq!(modal(&m).as_deref(), Some("code-verify"));
    assert_eq!(view(&m).phone.resend_at, NOW + 42_000);
    // Another number refused with 429 shows the wait on the form instead.
    ui(&mut m, PhoneUi::PhoneChangeNumber);
    input(
        &mut m,
        FormId::PhoneNumber,
        "phone",
        text("+351 913 000 111"),
    );
    submit(&mut m, FormId::PhoneNumber);
    respond(
        &mut m,
        send(false, false),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 30}),
    );
    assert_eq!(modal(&m).as_deref(), Some("get-code"));
    assert_eq!(
        view(&m).forms[&FormId::PhoneNumber].error.as_deref(),
        Some("Too many attempts. Try again in 30 s.")
    );
}

#[test]
fn a_code_without_a_number_after_a_reload_says_so() {
    let mut m = guest("/?modal=code-verify");
    input(&mut m, FormId::PhoneCode, "code", text("123456"));
    assert!(http(&submit(&mut m, FormId::PhoneCode)).is_empty());
    assert!(view(&m).forms[&FormId::PhoneCode].error.is_some());
}

#[test]
fn a_player_confirms_a_phone_for_the_profile() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/profile/info?modal=phone".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    input(
        &mut m,
        FormId::PhoneNumber,
        "phone",
        text("+351 913 000 111"),
    );
    let fx = submit(&mut m, FormId::PhoneNumber);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/otp/send");
    assert!(
        h[0].bearer.is_some(),
        "the player's code is asked with the session"
    );
    respond(
        &mut m,
        send(true, false),
        200,
        json!({"phone": "+447700900123", "resendIn": 60, "length": 6}),
    );
    assert!(view(&m).phone.for_profile);
    assert_eq!(modal(&m).as_deref(), Some("code-verify"));
    // Back to the number leads to the phone modal, not get-code.
    ui(&mut m, PhoneUi::PhoneChangeNumber);
    assert_eq!(modal(&m).as_deref(), Some("phone"));
    submit(&mut m, FormId::PhoneNumber);
    respond(
        &mut m,
        send(true, false),
        200,
        json!({"phone": "+447700900123", "resendIn": 60, "length": 6}),
    );
    input(&mut m, FormId::PhoneCode, "code", text("111222"));
    let fx = submit(&mut m, FormId::PhoneCode);
    assert!(http(&fx)[0].bearer.is_some());
    let fx = respond(
        &mut m,
        verify(true),
        200,
        json!({"id": 7, "email": "a@b.c", "phone": "+447700900123"}),
    );
    assert_eq!(modal(&m), None);
    // The header's profile reloads (ProfileChanged).
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/profile"));
    let toasts = view(&m).toasts;
    assert!(
        toasts.iter().any(|t| t.title.contains("Phone")),
        "{toasts:?}"
    );
}

#[test]
fn view_events_are_read_by_hand() {
    use croupier_core::app::UiEvent;
    let read = |v: serde_json::Value| UiEvent::from_view(v);
    assert!(read(json!({"type": "phoneResend"})).is_ok());
    assert!(read(json!({"type": "phoneChangeNumber"})).is_ok());
}

/// SPEC §3: a phone sign-up from a `/pt-br` page registers a Portuguese player.
#[test]
fn a_phone_sign_up_sends_the_pages_locale() {
    let mut m = code_sent_at("/pt-br?modal=get-code");
    input(&mut m, FormId::PhoneCode, "code", text("654321"));
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        verify(false),
        200,
        json!({"registered": false, "phone": "+351912345678"}),
    );
    input(&mut m, FormId::PhoneSignUp, "currency", text("EUR"));
    input(
        &mut m,
        FormId::PhoneSignUp,
        "agreements",
        FormValue::Bool(true),
    );
    let fx = submit(&mut m, FormId::PhoneSignUp);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/register/phone");
    assert_eq!(h[0].body.as_ref().unwrap()["locale"], "pt-br");
}

/// A signed-in player (profile `profile`) sent a code to +351 913 000 111 from the phone modal;
/// code-verify asks the profile which proof of the owner it needs (issue 32 item 4).
fn player_code_sent(profile: serde_json::Value) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/profile/info?modal=phone".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(&mut m, req::profile(), 200, json!({"id": 7}));
    input(
        &mut m,
        FormId::PhoneNumber,
        "phone",
        text("+351 913 000 111"),
    );
    submit(&mut m, FormId::PhoneNumber);
    let fx = respond(
        &mut m,
        send(true, false),
        200,
        json!({"phone": "+351913000111", "resendIn": 60, "length": 6}),
    );
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/profile"),
        "the proof is read from the profile each time"
    );
    respond(&mut m, Req::Phone(phone::Call::Owner), 200, profile);
    m
}

#[test]
fn a_player_with_a_password_gives_it_with_the_phones_code() {
    let mut m = player_code_sent(json!({"id": 7, "hasPassword": true}));
    assert_eq!(view(&m).phone.proof, Some(Proof::Password));
    input(&mut m, FormId::PhoneCode, "code", text("111222"));
    // No password: the form says so and sends nothing.
    assert!(http(&submit(&mut m, FormId::PhoneCode)).is_empty());
    assert!(view(&m).forms[&FormId::PhoneCode]
        .errors
        .contains_key("currentPassword"));
    input(
        &mut m,
        FormId::PhoneCode,
        "currentPassword",
        text(" my pass "),
    );
    let fx = submit(&mut m, FormId::PhoneCode);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(body["currentPassword"], " my pass ", "sent as typed");
    assert_eq!(body["code"], "111222");
    // A wrong password lands on its field; what was typed stays.
    respond(
        &mut m,
        verify(true),
        422,
        json!({"code": "validation_failed", "message": "Wrong password.",
               "errors": {"currentPassword": ["The current password is incorrect."]}}),
    );
    let f = &view(&m).forms[&FormId::PhoneCode];
    assert!(
        f.errors[&"currentPassword".to_string()].contains("incorrect"),
        "{f:?}"
    );
    assert_eq!(f.values.get("code"), Some(&text("111222")));
    assert_eq!(f.values.get("currentPassword"), Some(&text(" my pass ")));
    assert_eq!(modal(&m).as_deref(), Some("code-verify"));
    // Too many: the wait, on the form.
    input(
        &mut m,
        FormId::PhoneCode,
        "currentPassword",
        text("my pass"),
    );
    assert_eq!(http(&submit(&mut m, FormId::PhoneCode)).len(), 1);
    respond(
        &mut m,
        verify(true),
        429,
        json!({"code": "too_many_requests", "message": "Too many.", "retryAfter": 60}),
    );
    assert!(view(&m).forms[&FormId::PhoneCode].error.is_some());
}

#[test]
fn a_phone_only_player_proves_with_a_code_to_the_old_phone() {
    let mut m = player_code_sent(json!({"id": 7, "hasPassword": false, "phone": "+351910000000"}));
    assert_eq!(view(&m).phone.proof, Some(Proof::Code));
    let fx = ui(&mut m, PhoneUi::PhoneOwnerCode);
    assert_eq!(http(&fx)[0].path, "/api/player/otp/email/send");
    respond(
        &mut m,
        Req::Phone(phone::Call::OwnerCode),
        200,
        json!({"channel": "sms", "to": "+351910000000", "resendIn": 60, "length": 6}),
    );
    assert_eq!(
        view(&m).phone.owner_sent_to.as_deref(),
        Some("+351910000000")
    );
    // Not again before the wait.
    assert!(http(&ui(&mut m, PhoneUi::PhoneOwnerCode)).is_empty());
    input(&mut m, FormId::PhoneCode, "code", text("111222"));
    input(&mut m, FormId::PhoneCode, "ownerCode", text("333444"));
    let fx = submit(&mut m, FormId::PhoneCode);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(
        (body["code"].as_str(), body["ownerCode"].as_str()),
        (Some("111222"), Some("333444"))
    );
    assert!(body.get("currentPassword").is_none());
    // A spent owner code: on its field; the phone's code and its countdown stand.
    let before = view(&m).phone.resend_at;
    respond(
        &mut m,
        verify(true),
        422,
        json!({"code": "otp_expired", "message": "No longer works.",
               "errors": {"ownerCode": ["This code no longer works: ask for a new one."]}}),
    );
    let f = &view(&m).forms[&FormId::PhoneCode];
    assert!(f.errors.contains_key("ownerCode"), "{f:?}");
    assert_eq!(f.values.get("code"), Some(&text("111222")));
    assert_eq!(view(&m).phone.resend_at, before);
}

#[test]
fn the_servers_ask_for_a_proof_shows_its_field() {
    // A messenger player with nothing: no proof asked.
    let mut m = player_code_sent(json!({"id": 7, "hasPassword": false, "phone": null}));
    assert_eq!(view(&m).phone.proof, None);
    input(&mut m, FormId::PhoneCode, "code", text("111222"));
    let fx = submit(&mut m, FormId::PhoneCode);
    let body = http(&fx)[0].body.clone().unwrap();
    assert!(body.get("ownerCode").is_none() && body.get("currentPassword").is_none());
    // The server knows better (a phone set meanwhile): the field shows with the localised text.
    respond(
        &mut m,
        verify(true),
        422,
        json!({"code": "code_required", "message": "Ask for a code.",
               "errors": {"ownerCode": ["Ask for a code."]}}),
    );
    assert_eq!(view(&m).phone.proof, Some(Proof::Code));
    let f = &view(&m).forms[&FormId::PhoneCode];
    assert_eq!(
        f.errors.get("ownerCode").map(String::as_str),
        Some("Ask for a code and enter it to change the phone.")
    );
}

#[test]
fn only_a_registered_false_answer_asks_for_the_sign_up_fields() {
    // SPEC §7 phone verify: `{registered: false}` for a number without an account; a
    // `registered` of another type is no such answer (and not a sign-in either: refused).
    let mut m = code_sent();
    input(&mut m, FormId::PhoneCode, "code", text("654321"));
    submit(&mut m, FormId::PhoneCode);
    let fx = respond(&mut m, verify(false), 200, json!({"registered": "false"}));
    assert!(!view(&m).phone.new_player);
    assert!(!fx.iter().any(|e| matches!(e, Effect::StoreToken(_))));
    assert_eq!(
        modal(&m).as_deref(),
        Some("code-verify"),
        "the code stays asked"
    );

    let mut m = code_sent();
    input(&mut m, FormId::PhoneCode, "code", text("654321"));
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        verify(false),
        200,
        json!({"registered": false, "extra": [1]}),
    );
    assert!(view(&m).phone.new_player);
}
