//! E-mail confirmation and avatars (issue 14): the email and confirm-email modals (code, wrong
//! code, resend with the SPEC §8 alerts and its wait), the /verify/{confirmCode} page (signed
//! in or not), the avatars modal (list, set, refused), and the profile they update.

use crate::support;

use croupier_core::app::features::toasts::view::ToastKind;
use croupier_core::app::features::verify::{self, LinkStatus, VerifyUi};
use croupier_core::app::{
    update, view, AppUi, Boot, Config, Effect, Event, FormId, FormValue, Model, Req,
};
use serde_json::json;
use support::{fail, guest, http, respond, restored, type_text, ui, NOW};

fn call(c: verify::Call) -> Req {
    Req::Verify(c)
}

fn submit(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

fn modal(m: &Model) -> Option<String> {
    view(m).nav.modal.map(|x| x.id)
}

fn toast(m: &Model, title: &str) -> ToastKind {
    let toasts = view(m).toasts;
    toasts
        .iter()
        .find(|t| t.title == title)
        .unwrap_or_else(|| panic!("no toast {title}: {toasts:?}"))
        .kind
}

/// A signed-in player opened the email modal; the profile says whether they have a password
/// (the modal loads it each time it opens).
fn email_modal(has_password: bool) -> Model {
    let (mut m, fx) = restored("/profile/info?modal=email");
    assert_eq!(modal(&m).as_deref(), Some("email"));
    assert!(
        http(&fx)
            .iter()
            .filter(|h| h.path == "/api/player/profile")
            .count()
            >= 2,
        "the modal asks for the profile itself"
    );
    assert_eq!(view(&m).verify.proof, None);
    respond(
        &mut m,
        call(verify::Call::Owner),
        200,
        json!({"id": 7, "email": "a@b.c", "hasPassword": has_password}),
    );
    m
}

fn email_form(m: &Model) -> croupier_core::app::view::FormView {
    view(m).forms[&FormId::EmailAddress].clone()
}

/// A player gave new@example.com in the email modal and is on confirm-email.
fn mail_sent() -> Model {
    let mut m = email_modal(true);
    type_text(&mut m, FormId::EmailAddress, "email", "new@");
    type_text(&mut m, FormId::EmailAddress, "currentPassword", "pw");
    assert!(http(&submit(&mut m, FormId::EmailAddress)).is_empty());
    assert!(view(&m).forms[&FormId::EmailAddress]
        .errors
        .contains_key("email"));
    type_text(&mut m, FormId::EmailAddress, "email", " new@example.com ");
    let fx = submit(&mut m, FormId::EmailAddress);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/profile/email/verify/send");
    assert!(h[0].bearer.is_some());
    assert_eq!(
        h[0].body,
        Some(json!({"email": "new@example.com", "currentPassword": "pw"}))
    );
    respond(
        &mut m,
        call(verify::Call::Send),
        200,
        json!({"email": "new@example.com", "resendIn": 60, "length": 6}),
    );
    assert_eq!(modal(&m).as_deref(), Some("confirm-email"));
    let v = view(&m).verify;
    assert_eq!(v.sent_to.as_deref(), Some("new@example.com"));
    assert_eq!(v.resend_at, NOW + 60_000);
    m
}

#[test]
fn a_taken_address_is_said_under_the_field_and_kept() {
    let (mut m, _) = restored("/profile/info?modal=email");
    type_text(&mut m, FormId::EmailAddress, "email", "taken@example.com");
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        422,
        json!({"code": "email_taken", "message": "This e-mail belongs to another account.",
               "errors": {"email": ["This e-mail belongs to another account."]}}),
    );
    let f = &view(&m).forms[&FormId::EmailAddress];
    assert_eq!(
        f.errors.get("email").map(String::as_str),
        Some("This e-mail belongs to another account.")
    );
    assert_eq!(f.error, None);
    assert_eq!(
        f.values.get("email"),
        Some(&FormValue::Text("taken@example.com".into()))
    );
    assert_eq!(modal(&m).as_deref(), Some("email"));
    // Too many mails: the wait is the form's message.
    type_text(&mut m, FormId::EmailAddress, "email", "other@example.com");
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 42}),
    );
    let f = &view(&m).forms[&FormId::EmailAddress];
    assert_eq!(
        f.error.as_deref(),
        Some("Too many attempts. Try again in 42 s.")
    );
}

#[test]
fn the_code_confirms_and_the_profile_follows() {
    let mut m = mail_sent();
    type_text(&mut m, FormId::EmailCode, "code", "12345");
    assert!(
        http(&submit(&mut m, FormId::EmailCode)).is_empty(),
        "five digits are not a code"
    );
    type_text(&mut m, FormId::EmailCode, "code", "123456");
    let fx = submit(&mut m, FormId::EmailCode);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/profile/email/verify/confirm");
    assert!(h[0].bearer.is_some());
    assert_eq!(h[0].body, Some(json!({"code": "123456"})));
    respond(
        &mut m,
        call(verify::Call::Confirm),
        422,
        json!({"code": "code_invalid", "message": "The code is incorrect: 2 attempts left.",
               "errors": {"code": ["The code is incorrect: 2 attempts left."]}}),
    );
    let f = &view(&m).forms[&FormId::EmailCode];
    assert_eq!(
        f.errors.get("code").map(String::as_str),
        Some("The code is incorrect: 2 attempts left.")
    );
    assert_eq!(
        f.values.get("code"),
        Some(&FormValue::Text("123456".into()))
    );
    assert_eq!(modal(&m).as_deref(), Some("confirm-email"));

    type_text(&mut m, FormId::EmailCode, "code", "654321");
    submit(&mut m, FormId::EmailCode);
    let fx = respond(
        &mut m,
        call(verify::Call::Confirm),
        200,
        json!({"email": "new@example.com", "emailConfirmed": true}),
    );
    // The confirm modal replaces confirm-email: the profile is confirmed ('profileConfirmed'),
    // and the modal names the address.
    assert_eq!(modal(&m).as_deref(), Some("confirm"));
    assert_eq!(view(&m).verify.link_email, "new@example.com");
    // The header's and the info page's profile reload.
    let paths: Vec<_> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert!(
        paths.iter().any(|p| p == "/api/player/profile"),
        "{paths:?}"
    );
    respond(
        &mut m,
        support::req::profile(),
        200,
        json!({"id": 7, "email": "new@example.com", "emailConfirmed": true}),
    );
    assert_eq!(modal(&m).as_deref(), Some("confirm"));
}

#[test]
fn a_burned_code_lets_a_new_mail_be_asked_at_once() {
    let mut m = mail_sent();
    type_text(&mut m, FormId::EmailCode, "code", "123456");
    submit(&mut m, FormId::EmailCode);
    respond(
        &mut m,
        call(verify::Call::Confirm),
        422,
        json!({"code": "code_expired", "message": "Three wrong codes.",
               "errors": {"code": ["Three wrong codes."]}}),
    );
    assert_eq!(view(&m).verify.resend_at, 0);
    let fx = ui(&mut m, VerifyUi::EmailResend);
    assert_eq!(
        http(&fx)[0].path,
        "/api/player/profile/confirmations/email/resend"
    );
}

#[test]
fn resend_waits_then_says_attention_or_something_went_wrong() {
    let mut m = mail_sent();
    // Before the wait is over nothing is sent.
    assert!(http(&ui(&mut m, VerifyUi::EmailResend)).is_empty());
    let later = NOW + 61_000;
    let fx = update(&mut m, Event::Ui(VerifyUi::EmailResend.into()), later);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/profile/confirmations/email/resend");
    assert_eq!(h[0].body, None);
    assert!(view(&m).verify.resending);
    respond(
        &mut m,
        call(verify::Call::Resend),
        200,
        json!({"email": "new@example.com", "resendIn": 60}),
    );
    assert_eq!(toast(&m, "Check your inbox"), ToastKind::Warning);
    assert!(!view(&m).verify.resending);

    // Refused (too early for the server): the generic alert, and the server's wait.
    let mut m = mail_sent();
    let fx = update(
        &mut m,
        Event::Ui(VerifyUi::EmailResend.into()),
        NOW + 200_000,
    );
    assert_eq!(http(&fx).len(), 1);
    respond(
        &mut m,
        call(verify::Call::Resend),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 30}),
    );
    assert_eq!(toast(&m, "Something went wrong"), ToastKind::Error);
    assert_eq!(view(&m).verify.resend_at, NOW + 30_000);
}

#[test]
fn the_mail_link_confirms_for_a_guest() {
    let mut m = guest("/verify/tok-123");
    assert_eq!(view(&m).verify.link, LinkStatus::Checking);
    let (_, _) = (&m, ());
    respond(
        &mut m,
        call(verify::Call::Link),
        200,
        json!({"email": "link@example.com", "emailConfirmed": true}),
    );
    let v = view(&m).verify;
    assert_eq!(v.link, LinkStatus::Confirmed);
    assert_eq!(v.link_email, "link@example.com");
}

#[test]
fn the_link_is_sent_without_the_session_and_its_failures_are_told_apart() {
    let (mut m, fx) = restored("/verify/tok-9");
    let h = http(&fx);
    let link = h
        .iter()
        .find(|h| h.path == "/api/player/profile/email/verify/confirm")
        .expect("the page confirms once the session is known");
    assert_eq!(link.bearer, None, "a mail link works in any browser");
    assert_eq!(link.body, Some(json!({"code": "tok-9"})));
    for (code, status) in [
        ("code_expired", LinkStatus::Expired),
        ("code_used", LinkStatus::Used),
        ("code_invalid", LinkStatus::Invalid),
    ] {
        let mut m = guest("/verify/tok-x");
        respond(
            &mut m,
            call(verify::Call::Link),
            422,
            json!({"code": code, "message": "no", "errors": {"code": ["no"]}}),
        );
        assert_eq!(view(&m).verify.link, status);
    }
    // No answer: the page may try again, once more.
    fail(&mut m, call(verify::Call::Link), "offline");
    assert_eq!(view(&m).verify.link, LinkStatus::Failed);
    let fx = ui(&mut m, VerifyUi::VerifyRetry);
    assert_eq!(http(&fx).len(), 1);
    let fx = respond(
        &mut m,
        call(verify::Call::Link),
        200,
        json!({"email": "a@b.c", "emailConfirmed": true}),
    );
    // A signed-in player's profile reloads.
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/profile"));
    assert!(http(&ui(&mut m, VerifyUi::VerifyRetry)).is_empty());
}

#[test]
fn an_avatar_is_chosen_and_a_refusal_keeps_the_choice() {
    let (mut m, fx) = restored("/profile/info?modal=avatars");
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/player/avatar/list"));
    respond(
        &mut m,
        call(verify::Call::Avatars),
        200,
        json!([{"id": "ace", "url": "/avatars/ace.svg"}, {"id": "star", "url": "/avatars/star.svg"}]),
    );
    let v = view(&m).verify;
    assert_eq!(v.avatars.len(), 2);
    assert_eq!(
        v.avatars[1],
        ["star".to_string(), "/avatars/star.svg".into()]
    );

    let fx = ui(&mut m, VerifyUi::AvatarChoose { id: "star".into() });
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/avatar/set-avatar");
    assert_eq!(h[0].body, Some(json!({"avatarId": "star"})));
    assert!(view(&m).verify.avatar_busy);
    // A second press while busy sends nothing.
    assert!(http(&ui(&mut m, VerifyUi::AvatarChoose { id: "ace".into() })).is_empty());
    respond(
        &mut m,
        call(verify::Call::SetAvatar),
        422,
        json!({"code": "avatar_unknown", "message": "There is no avatar with this id.",
               "errors": {"avatarId": ["There is no avatar with this id."]}}),
    );
    let v = view(&m).verify;
    assert_eq!(v.chosen.as_deref(), Some("star"));
    assert!(!v.avatar_busy);
    assert_eq!(
        v.avatar_error.as_deref(),
        Some("There is no avatar with this id.")
    );
    assert_eq!(modal(&m).as_deref(), Some("avatars"));

    ui(&mut m, VerifyUi::AvatarChoose { id: "star".into() });
    let fx = respond(
        &mut m,
        call(verify::Call::SetAvatar),
        200,
        json!({"id": 7, "email": "a@b.c", "avatarId": "star", "avatar": "/avatars/star.svg"}),
    );
    assert_eq!(modal(&m), None);
    assert_eq!(toast(&m, "Avatar changed"), ToastKind::Success);
    assert!(http(&fx).iter().any(|h| h.path == "/api/player/profile"));
    respond(
        &mut m,
        support::req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c", "avatar": "/avatars/star.svg"}),
    );
    assert_eq!(
        view(&m).session.avatar.as_deref(),
        Some("/avatars/star.svg")
    );
}

#[test]
fn the_avatar_list_failing_is_said() {
    let (mut m, _) = restored("/?modal=avatars");
    fail(&mut m, call(verify::Call::Avatars), "offline");
    assert_eq!(
        view(&m).verify.avatar_error.as_deref(),
        Some("Something went wrong")
    );
}

#[test]
fn the_info_page_shows_whether_the_email_is_confirmed() {
    let (mut m, _) = restored("/profile/info");
    let me = |confirmed: bool| json!({"id": 7, "email": "a@b.c", "emailConfirmed": confirmed});
    respond(
        &mut m,
        Req::Profile(croupier_core::app::features::profile::Call::Me),
        200,
        me(false),
    );
    assert!(!view(&m).profile.me.unwrap().email_confirmed);
    // Signed out: the confirm-email modal is a player's.
    let (mut p, _) = restored("/profile/info?modal=confirm-email");
    assert_eq!(modal(&p).as_deref(), Some("confirm-email"));
    ui(
        &mut p,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    assert_eq!(modal(&p), None);
}

#[test]
fn view_events_are_read_by_hand() {
    use croupier_core::app::UiEvent;
    let read = |v: serde_json::Value| UiEvent::read_now(v);
    assert_eq!(
        read(json!({"type": "avatarChoose", "id": "ace"})),
        Ok(VerifyUi::AvatarChoose { id: "ace".into() }.into())
    );
    assert_eq!(
        read(json!({"type": "emailResend"})),
        Ok(VerifyUi::EmailResend.into())
    );
    assert_eq!(
        read(json!({"type": "ownerCode"})),
        Ok(VerifyUi::OwnerCode.into())
    );
    assert!(read(json!({"type": "avatarChoose", "id": 3})).is_err());
}

#[test]
fn the_confirm_modal_needs_a_confirmed_profile() {
    let me = |confirmed: bool| json!({"id": 7, "email": "a@b.c", "emailConfirmed": confirmed});
    let profile = || Req::Profile(croupier_core::app::features::profile::Call::Me);
    // From the address, while the profile is not confirmed: refused.
    let (mut m, _) = restored("/profile/info");
    respond(&mut m, profile(), 200, me(false));
    ui(
        &mut m,
        croupier_core::app::AppUi::OpenModal {
            id: "confirm".into(),
            params: vec![],
        },
    );
    assert_eq!(modal(&m), None);
    // A confirmed profile: the address may open it (it opens nothing by itself).
    let (mut c, _) = restored("/profile/info");
    respond(&mut c, profile(), 200, me(true));
    assert_eq!(modal(&c), None);
    ui(
        &mut c,
        croupier_core::app::AppUi::OpenModal {
            id: "confirm".into(),
            params: vec![],
        },
    );
    assert_eq!(modal(&c).as_deref(), Some("confirm"));
    // Signed out it goes: a player's modal.
    ui(
        &mut c,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    assert_eq!(modal(&c), None);
}

/// SPEC §2: an opened modal reopens from the address after a reload, `confirm` included: the
/// session's profile answer says the e-mail is confirmed before the profile pages load theirs.
#[test]
fn a_reload_reopens_the_confirm_modal_of_a_confirmed_player() {
    let reload = |confirmed: bool| {
        let mut m = Model::new(Config::default());
        update(
            &mut m,
            Event::Booted {
                token: Some(support::token(3600, "a")),
                path: "/profile/info?modal=confirm".into(),
                boot: Boot::default(),
            },
            support::NOW,
        );
        respond(
            &mut m,
            support::req::profile(),
            200,
            json!({"id": 7, "email": "a@b.c", "emailConfirmed": confirmed}),
        );
        m
    };
    let m = reload(true);
    assert_eq!(modal(&m).as_deref(), Some("confirm"));
    assert_eq!(
        m.shared.location.query_value("modal"),
        Some("confirm"),
        "the address keeps it"
    );
    // Not confirmed: refused, and the address is cleaned.
    let m = reload(false);
    assert_eq!(modal(&m), None);
    assert_eq!(m.shared.location.query_value("modal"), None);
}

#[test]
fn a_player_with_a_password_gives_it_and_keeps_what_they_typed_when_refused() {
    let mut m = email_modal(true);
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Password));
    type_text(&mut m, FormId::EmailAddress, "email", "new@example.com");
    // Required (SPEC §5 currentPassword), with the localised message.
    assert!(http(&submit(&mut m, FormId::EmailAddress)).is_empty());
    assert_eq!(
        email_form(&m)
            .errors
            .get("currentPassword")
            .map(String::as_str),
        Some("This field is required")
    );
    // Sent as typed: spaces may be part of a password.
    type_text(&mut m, FormId::EmailAddress, "currentPassword", " my pass ");
    let fx = submit(&mut m, FormId::EmailAddress);
    assert_eq!(
        http(&fx)[0].body,
        Some(json!({"email": "new@example.com", "currentPassword": " my pass "}))
    );
    respond(
        &mut m,
        call(verify::Call::Send),
        422,
        json!({"code": "validation_failed", "message": "The given data was invalid.",
               "errors": {"currentPassword": ["The current password is incorrect."]}}),
    );
    let f = email_form(&m);
    assert_eq!(
        f.errors.get("currentPassword").map(String::as_str),
        Some("The current password is incorrect.")
    );
    assert_eq!(f.error, None);
    assert_eq!(
        f.values.get("email"),
        Some(&FormValue::Text("new@example.com".into()))
    );
    assert_eq!(
        f.values.get("currentPassword"),
        Some(&FormValue::Text(" my pass ".into()))
    );
    assert_eq!(modal(&m).as_deref(), Some("email"));

    // Past the wrong-password limit: the wait is the form's message; the values stay.
    type_text(&mut m, FormId::EmailAddress, "currentPassword", " my pass ");
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 120}),
    );
    let f = email_form(&m);
    assert_eq!(
        f.error.as_deref(),
        Some("Too many attempts. Try again in 2 min.")
    );
    assert_eq!(
        f.values.get("currentPassword"),
        Some(&FormValue::Text(" my pass ".into()))
    );

    // Accepted: the password is not kept past its use.
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        200,
        json!({"email": "new@example.com", "resendIn": 60, "length": 6}),
    );
    assert_eq!(modal(&m).as_deref(), Some("confirm-email"));
    assert_eq!(email_form(&m).values.get("currentPassword"), None);
}

#[test]
fn the_servers_demand_for_a_password_shows_the_field_with_its_localised_message() {
    // The profile could not be read: the modal asks for the password (most players have one).
    let (mut m, _) = restored("/profile/info?modal=email");
    fail(&mut m, call(verify::Call::Owner), "offline");
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Password));
    // A platform that asks for it anyway, or a profile that did not say: the field and the
    // localised message.
    let mut m = email_modal(false);
    type_text(&mut m, FormId::EmailAddress, "email", "new@example.com");
    type_text(&mut m, FormId::EmailAddress, "code", "123456");
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        422,
        json!({"code": "password_required", "message": "Password needed.",
               "errors": {"currentPassword": ["Password needed."]}}),
    );
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Password));
    let f = email_form(&m);
    assert_eq!(
        f.errors.get("currentPassword").map(String::as_str),
        Some("Enter your current password to change the e-mail.")
    );
    assert_eq!(f.error, None);
    assert_eq!(
        f.values.get("email"),
        Some(&FormValue::Text("new@example.com".into()))
    );
}

#[test]
fn a_player_without_a_password_asks_for_a_code_and_sends_it() {
    let mut m = email_modal(false);
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Code));
    type_text(&mut m, FormId::EmailAddress, "email", "new@example.com");
    assert!(http(&submit(&mut m, FormId::EmailAddress)).is_empty());
    assert!(email_form(&m).errors.contains_key("code"));
    assert!(!email_form(&m).errors.contains_key("currentPassword"));

    let fx = ui(&mut m, VerifyUi::OwnerCode);
    let h = http(&fx);
    assert_eq!(h[0].path, "/api/player/otp/email/send");
    assert_eq!(h[0].body, None);
    assert!(view(&m).verify.owner_sending);
    respond(
        &mut m,
        call(verify::Call::OwnerCode),
        200,
        json!({"channel": "sms", "to": "+351912000333", "resendIn": 30, "length": 6}),
    );
    let v = view(&m).verify;
    assert_eq!(v.owner_sent_to.as_deref(), Some("+351912000333"));
    assert_eq!(v.owner_resend_at, NOW + 30_000);
    assert!(!v.owner_sending);
    // Not again before the wait is over.
    assert!(http(&ui(&mut m, VerifyUi::OwnerCode)).is_empty());

    type_text(&mut m, FormId::EmailAddress, "code", "12345");
    assert!(
        http(&submit(&mut m, FormId::EmailAddress)).is_empty(),
        "six digits"
    );
    type_text(&mut m, FormId::EmailAddress, "code", "123456");
    let fx = submit(&mut m, FormId::EmailAddress);
    assert_eq!(
        http(&fx)[0].body,
        Some(json!({"email": "new@example.com", "code": "123456"}))
    );
    respond(
        &mut m,
        call(verify::Call::Send),
        422,
        json!({"code": "otp_invalid", "message": "The code is incorrect: 2 attempts left.",
               "errors": {"code": ["The code is incorrect: 2 attempts left."]}}),
    );
    let f = email_form(&m);
    assert_eq!(
        f.errors.get("code").map(String::as_str),
        Some("The code is incorrect: 2 attempts left.")
    );
    assert_eq!(
        f.values.get("code"),
        Some(&FormValue::Text("123456".into()))
    );
    type_text(&mut m, FormId::EmailAddress, "code", "654321");
    submit(&mut m, FormId::EmailAddress);
    respond(
        &mut m,
        call(verify::Call::Send),
        200,
        json!({"email": "new@example.com", "resendIn": 60, "length": 6}),
    );
    assert_eq!(modal(&m).as_deref(), Some("confirm-email"));
    assert_eq!(email_form(&m).values.get("code"), None, "the code is spent");
    assert_eq!(view(&m).verify.owner_sent_to, None);
}

#[test]
fn a_player_with_nothing_to_prove_it_is_told_so_and_a_refused_code_waits() {
    let mut m = email_modal(false);
    ui(&mut m, VerifyUi::OwnerCode);
    respond(
        &mut m,
        call(verify::Call::OwnerCode),
        422,
        json!({"code": "owner_unproven", "message": "No way to prove it.",
               "errors": {"email": ["No way to prove it."]}}),
    );
    assert_eq!(
        email_form(&m).error.as_deref(),
        Some("Your account has no password, e-mail or phone that can prove it is yours: confirm a phone in your profile first.")
    );
    ui(&mut m, VerifyUi::OwnerCode);
    respond(
        &mut m,
        call(verify::Call::OwnerCode),
        429,
        json!({"code": "too_many_attempts", "message": "Too many attempts.", "retryAfter": 42}),
    );
    assert_eq!(
        email_form(&m).error.as_deref(),
        Some("Too many attempts. Try again in 42 s.")
    );
    // The server says this player has a password after all: the modal asks for it.
    ui(&mut m, VerifyUi::OwnerCode);
    respond(
        &mut m,
        call(verify::Call::OwnerCode),
        422,
        json!({"code": "password_required", "message": "Enter it.",
               "errors": {"currentPassword": ["Enter it."]}}),
    );
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Password));
}

#[test]
fn each_opening_of_the_email_modal_reads_the_profile_again() {
    let (mut m, _) = restored("/profile/info");
    let open = |m: &mut Model| {
        let fx = ui(
            m,
            croupier_core::app::AppUi::OpenModal {
                id: "email".into(),
                params: vec![],
            },
        );
        http(&fx)
            .iter()
            .filter(|h| h.path == "/api/player/profile")
            .count()
    };
    assert_eq!(open(&mut m), 1);
    respond(
        &mut m,
        call(verify::Call::Owner),
        200,
        json!({"id": 7, "hasPassword": false}),
    );
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Code));
    ui(&mut m, croupier_core::app::AppUi::CloseModal);
    // A password may have been set meanwhile (a reset): asked again.
    assert_eq!(open(&mut m), 1);
    respond(
        &mut m,
        call(verify::Call::Owner),
        200,
        json!({"id": 7, "hasPassword": true}),
    );
    assert_eq!(view(&m).verify.proof, Some(verify::Proof::Password));
}

#[test]
fn avatars_without_a_text_id_and_address_are_left_out_and_a_list_is_needed() {
    // SPEC §7 the avatar list: `[{id, url}]`.
    let (mut m, _) = restored("/profile/info?modal=avatars");
    respond(
        &mut m,
        call(verify::Call::Avatars),
        200,
        json!([{"id": "ace", "url": "/avatars/ace.svg", "order": 1}, {"id": 5, "url": "/x.svg"},
               {"id": "star"}, "odd"]),
    );
    let v = view(&m).verify;
    assert_eq!(v.avatars, [["ace".to_string(), "/avatars/ace.svg".into()]]);
    assert_eq!(v.avatar_error, None);

    let (mut m, _) = restored("/profile/info?modal=avatars");
    let fx = respond(
        &mut m,
        call(verify::Call::Avatars),
        200,
        json!({"data": []}),
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::Log { message, .. }
        if message.contains("avatars") && message.contains("expected a sequence"))));
    assert_eq!(
        view(&m).verify.avatar_error.as_deref(),
        Some("Something went wrong")
    );
}
