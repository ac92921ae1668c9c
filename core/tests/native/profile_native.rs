//! The player's security pages (issue 14): sessions paged, close one or all others after a
//! confirmation (closing this one signs out), change password, change nickname (the header's
//! profile reloads).

use crate::support;

use croupier_core::app::effect::Method;
use croupier_core::app::features::profile::{self, ProfileUi};
use croupier_core::app::{view, AppUi, FormId, FormValue, Model, Req};
use serde_json::json;
use support::{http, req, respond, restored, type_text, ui};

fn p(c: profile::Call) -> Req {
    Req::Profile(c)
}

fn sessions_page() -> Model {
    let (mut m, fx) = restored("/profile/sessions");
    let h = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/player/sessions")
        .cloned();
    let h = h.expect("the page asks for the sessions");
    assert_eq!(
        h.query,
        [
            ("page".to_string(), "1".to_string()),
            ("perPage".to_string(), "10".to_string())
        ]
    );
    respond(
        &mut m,
        p(profile::Call::Sessions { page: 1 }),
        200,
        json!({"data": [
            {"id": 3, "createdAt": 100, "lastActiveAt": 200, "source": "web", "platform": "desktop", "current": true},
            {"id": 2, "createdAt": 50, "source": "web", "platform": "mobile", "current": false},
            {"id": "bad"}
        ], "meta": {"page": 1, "perPage": 10, "totalPages": 2, "totalRows": 12}}),
    );
    m
}

#[test]
fn sessions_are_paged_and_one_is_closed_after_a_confirmation() {
    let mut m = sessions_page();
    let v = view(&m).profile;
    assert_eq!(v.sessions.len(), 2, "a malformed row is left out");
    assert!(v.sessions[0].current);
    assert_eq!(v.sessions[1].last_active_at, 50);
    assert_eq!(v.pages, 2);
    ui(&mut m, ProfileUi::SessionClose { id: 2 });
    let v = view(&m);
    assert_eq!(v.nav.modal.unwrap().id, "confirm-session-logout");
    assert_eq!(v.profile.closing.unwrap().id, 2);
    ui(&mut m, AppUi::ModalOpened);
    let fx = ui(&mut m, ProfileUi::SessionCloseConfirm);
    let h = http(&fx)[0];
    assert_eq!(
        (h.method, h.path.as_str()),
        (Method::Put, "/api/player/sessions/2/close")
    );
    assert!(
        http(&ui(&mut m, ProfileUi::SessionCloseConfirm)).is_empty(),
        "once"
    );
    let fx = respond(&mut m, p(profile::Call::Close(2)), 204, json!(null));
    assert!(view(&m).nav.modal.is_none());
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/sessions"),
        "reloaded"
    );
}

#[test]
fn closing_this_session_signs_this_tab_out() {
    let mut m = sessions_page();
    ui(&mut m, ProfileUi::SessionClose { id: 3 });
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, ProfileUi::SessionCloseConfirm);
    respond(&mut m, p(profile::Call::Close(3)), 204, json!(null));
    assert_eq!(
        view(&m).session.status,
        croupier_core::app::SessionStatus::Guest
    );
    assert!(view(&m).profile.sessions.is_empty());
}

#[test]
fn all_other_sessions_close_after_a_confirmation() {
    let mut m = sessions_page();
    ui(&mut m, ProfileUi::SessionsCloseOthers);
    assert!(view(&m).profile.closing_others);
    ui(&mut m, AppUi::ModalOpened);
    let fx = ui(&mut m, ProfileUi::SessionCloseConfirm);
    assert_eq!(http(&fx)[0].path, "/api/player/sessions/close-other");
    respond(
        &mut m,
        p(profile::Call::CloseOthers),
        200,
        json!({"closed": 1}),
    );
    assert!(!view(&m).profile.closing_others);
}

#[test]
fn the_password_change_checks_then_sends_and_shows_the_servers_reason() {
    let mut m = sessions_page();
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "change-pass".into(),
            params: vec![],
        },
    );
    type_text(
        &mut m,
        FormId::ChangePass,
        "currentPassword",
        "old-secret-1",
    );
    type_text(&mut m, FormId::ChangePass, "newPassword", "short");
    type_text(&mut m, FormId::ChangePass, "repeatNewPassword", "other");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangePass,
        },
    );
    assert!(http(&fx).is_empty());
    let f = &view(&m).forms[&FormId::ChangePass];
    assert!(f.errors.contains_key("newPassword") && f.errors.contains_key("repeatNewPassword"));
    type_text(&mut m, FormId::ChangePass, "newPassword", "new secret 22");
    type_text(
        &mut m,
        FormId::ChangePass,
        "repeatNewPassword",
        "new secret 22",
    );
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangePass,
        },
    );
    let h = http(&fx)[0];
    assert_eq!(
        (h.method, h.path.as_str()),
        (Method::Put, "/api/player/passwords")
    );
    assert_eq!(
        h.body,
        Some(
            json!({"currentPassword": "old-secret-1", "newPassword": "new secret 22", "repeatNewPassword": "new secret 22"})
        )
    );
    respond(
        &mut m,
        p(profile::Call::Password),
        422,
        json!({"code": "validation_failed", "message": "x", "errors": {"currentPassword": ["The current password is incorrect."]}}),
    );
    let f = &view(&m).forms[&FormId::ChangePass];
    assert_eq!(
        f.errors.get("currentPassword").unwrap(),
        "The current password is incorrect."
    );
    assert_eq!(
        f.values.get("newPassword"),
        Some(&FormValue::Text("new secret 22".into()))
    );
    // The server's message stays until the field changes.
    assert!(http(&ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangePass
        }
    ))
    .is_empty());
    type_text(
        &mut m,
        FormId::ChangePass,
        "currentPassword",
        "old-secret-2",
    );
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangePass,
        },
    );
    respond(
        &mut m,
        p(profile::Call::Password),
        200,
        json!({"closedSessions": 1}),
    );
    assert!(view(&m).forms[&FormId::ChangePass].values.is_empty());
}

#[test]
fn a_new_nickname_reloads_the_headers_profile() {
    let mut m = sessions_page();
    type_text(&mut m, FormId::ChangeNickname, "nickname", "no");
    assert!(http(&ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangeNickname
        }
    ))
    .is_empty());
    type_text(&mut m, FormId::ChangeNickname, "nickname", "lucky_seven");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ChangeNickname,
        },
    );
    assert_eq!(http(&fx)[0].body, Some(json!({"nickname": "lucky_seven"})));
    let fx = respond(
        &mut m,
        p(profile::Call::Nickname),
        200,
        json!({"id": 7, "nickname": "lucky_seven"}),
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/player/profile" && h.method == Method::Get));
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c", "nickname": "lucky_seven"}),
    );
    assert_eq!(view(&m).session.nickname.as_deref(), Some("lucky_seven"));
}

#[test]
fn the_settings_page_shows_and_saves_the_notification_settings() {
    let mut m = sessions_page();
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/profile/settings/notifications".into(),
        },
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/player/profile" && h.method == Method::Get));
    respond(
        &mut m,
        p(profile::Call::Me),
        200,
        json!({"id": 7, "email": "a@b.c", "phone": null, "receiveEmailPromo": true, "receiveSmsPromo": false}),
    );
    let v = view(&m);
    assert_eq!(v.profile.me.as_ref().unwrap().email, "a@b.c");
    let f = &v.forms[&FormId::ProfileSettings];
    assert_eq!(
        f.values.get("receiveEmailPromo"),
        Some(&FormValue::Bool(true))
    );
    assert_eq!(f.values.get("receiveBonus"), Some(&FormValue::Bool(false)));
    ui(
        &mut m,
        AppUi::FormInput {
            form: FormId::ProfileSettings,
            field: "receiveBonus".into(),
            value: FormValue::Bool(true),
        },
    );
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::ProfileSettings,
        },
    );
    let h = http(&fx)[0];
    assert_eq!(
        (h.method, h.path.as_str()),
        (Method::Put, "/api/player/profile")
    );
    assert_eq!(
        h.body,
        Some(json!({"receiveEmailPromo": true, "receiveSmsPromo": false, "receiveBonus": true}))
    );
    respond(
        &mut m,
        p(profile::Call::Settings),
        200,
        json!({"id": 7, "email": "a@b.c", "receiveEmailPromo": true, "receiveSmsPromo": false, "receiveBonus": true}),
    );
    let f = &view(&m).forms[&FormId::ProfileSettings];
    assert!(!f.submitting);
    assert_eq!(f.values.get("receiveBonus"), Some(&FormValue::Bool(true)));
}

#[test]
fn the_account_language_is_checked_saved_and_reaches_the_header_profile() {
    let mut m = sessions_page();
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/profile/settings/account".into(),
        },
    );
    respond(
        &mut m,
        p(profile::Call::Me),
        200,
        json!({"id": 7, "email": "a@b.c", "language": "en"}),
    );
    assert_eq!(
        view(&m).forms[&FormId::AccountSettings]
            .values
            .get("language"),
        Some(&FormValue::Text("en".into()))
    );
    type_text(&mut m, FormId::AccountSettings, "language", "PT");
    assert!(http(&ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::AccountSettings
        }
    ))
    .is_empty());
    type_text(&mut m, FormId::AccountSettings, "language", "pt");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::AccountSettings,
        },
    );
    assert_eq!(http(&fx)[0].body, Some(json!({"language": "pt"})));
    let fx = respond(
        &mut m,
        p(profile::Call::Account),
        200,
        json!({"id": 7, "email": "a@b.c", "language": "pt"}),
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/player/profile" && h.method == Method::Get));
    assert_eq!(
        view(&m).forms[&FormId::AccountSettings]
            .values
            .get("language"),
        Some(&FormValue::Text("pt".into()))
    );
}

#[test]
fn the_personal_page_follows_the_servers_rules_and_requires_the_cpf_in_brazil() {
    let (mut m, fx) = restored("/profile/personal");
    let paths: Vec<_> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert!(paths.contains(&"/api/player/fields/validations".to_string()));
    assert!(paths.contains(&"/api/settings/countries".to_string()));
    respond(
        &mut m,
        p(profile::Call::Rules),
        200,
        json!([
            {"field": "firstName", "isRequired": true, "rules": "min:2"},
            {"field": "lastName", "isRequired": true, "rules": "min:2"},
            {"field": "birthdate", "isRequired": true, "rules": "date|minAge:18"},
            {"field": "country", "isRequired": true, "rules": "countryCode"},
            {"field": "cpf_number", "isRequired": false, "rules": "cpf_number"}
        ]),
    );
    respond(
        &mut m,
        p(profile::Call::Countries),
        200,
        json!([{"code": "BR", "name": "Brazil"}, {"code": "FR", "name": "France"}]),
    );
    respond(
        &mut m,
        p(profile::Call::Me),
        200,
        json!({"id": 7, "email": "a@b.c", "firstName": "Ana"}),
    );
    let v = view(&m);
    assert_eq!(
        v.profile.countries,
        vec![["BR".to_string(), "Brazil".to_string()]],
        "France is excluded"
    );
    assert_eq!(
        v.forms[&FormId::Personal].values.get("firstName"),
        Some(&FormValue::Text("Ana".into())),
        "filled from the profile"
    );
    type_text(&mut m, FormId::Personal, "lastName", "Silva");
    type_text(&mut m, FormId::Personal, "birthdate", "1990-02-31");
    type_text(&mut m, FormId::Personal, "country", "BR");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::Personal,
        },
    );
    assert!(http(&fx).is_empty(), "not a date, and no CPF for Brazil");
    let errors = &view(&m).forms[&FormId::Personal].errors;
    assert!(errors.contains_key("birthdate"), "{errors:?}");
    assert!(errors.contains_key("cpf_number"), "{errors:?}");
    type_text(&mut m, FormId::Personal, "birthdate", "1990-02-28");
    type_text(&mut m, FormId::Personal, "cpf_number", "52998224725");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::Personal,
        },
    );
    let h = http(&fx);
    assert_eq!(h[0].method, Method::Put);
    let body = h[0].body.clone().unwrap();
    assert_eq!(body["cpf_number"], "529.982.247-25", "sent with the mask");
    assert_eq!(body["birthdate"], "1990-02-28");
    respond(
        &mut m,
        p(profile::Call::Personal),
        422,
        json!({"code": "validation_failed", "message": "The given data was invalid.",
               "errors": {"postalCode": ["The postal code may not be greater than 20 characters."],
                          "birthdate": ["You must be at least 18 years old."]}}),
    );
    let f = &view(&m).forms[&FormId::Personal];
    assert_eq!(
        f.errors.get("postalCode").map(String::as_str),
        Some("The postal code may not be greater than 20 characters.")
    );
    assert_eq!(
        f.errors.get("birthdate").map(String::as_str),
        Some("You must be at least 18 years old."),
        "the age is the server's to judge (the forms have no clock)"
    );
    assert_eq!(
        f.values.get("lastName"),
        Some(&FormValue::Text("Silva".into()))
    );
}

#[test]
fn session_times_are_shown_in_the_devices_zone() {
    let (mut m, _) = support::restored_in("/profile/sessions", support::berlin());
    respond(
        &mut m,
        p(profile::Call::Sessions { page: 1 }),
        200,
        json!({"data": [
            {"id": 3, "createdAt": support::JAN_15_2330Z, "lastActiveAt": support::JUL_15_2330Z,
             "source": "web", "platform": "desktop", "current": true},
            {"id": 2, "createdAt": support::BERLIN_SUMMER - 60, "source": "web", "platform": "mobile", "current": false}
        ], "meta": {"page": 1, "perPage": 10, "totalPages": 1, "totalRows": 2}}),
    );
    let v = view(&m).profile;
    // Berlin: winter UTC+1, summer UTC+2, both into the next day; the last winter minute.
    assert_eq!(v.sessions[0].created_text, "16.01.26, 00:30");
    assert_eq!(v.sessions[0].last_active_text, "16.07.26, 01:30");
    assert_eq!(v.sessions[1].created_text, "29.03.26, 01:59");
    assert_eq!(v.sessions[1].last_active_text, "29.03.26, 01:59");
    // The confirm modal's row has them too.
    ui(&mut m, ProfileUi::SessionClose { id: 2 });
    assert_eq!(
        view(&m).profile.closing.unwrap().created_text,
        "29.03.26, 01:59"
    );
}

fn warned(fx: &[croupier_core::app::Effect], what: &str) -> bool {
    fx.iter().any(
        |e| matches!(e, croupier_core::app::Effect::Log { message, .. } if message.contains(what)),
    )
}

/// Session 44: the profile and sessions answers are read by their derives; odd optional
/// fields read as empty or off, and what cannot be read is refused with the reason logged.
#[test]
fn profile_and_session_answers_keep_their_defaults_and_say_why_they_are_refused() {
    let (mut m, _) = restored("/profile/sessions");
    // A session without lastActiveAt was last active when it started (SPEC §7 sample above);
    // a meta without totalPages is one page.
    let fx = respond(
        &mut m,
        p(profile::Call::Sessions { page: 1 }),
        200,
        json!({"data": [{"id": 4.0, "createdAt": 70, "source": 5, "current": "yes"}], "meta": {}}),
    );
    assert!(!warned(&fx, "sessions"));
    let v = view(&m).profile;
    assert_eq!(v.pages, 1);
    let s = &v.sessions[0];
    assert_eq!(
        (s.id, s.last_active_at, s.source.as_str(), s.current),
        (4, 70, "", false)
    );
    let (mut other, _) = restored("/profile/sessions");
    let fx = respond(
        &mut other,
        p(profile::Call::Sessions { page: 1 }),
        200,
        json!({"rows": []}),
    );
    assert!(
        warned(&fx, "sessions: not a page: missing field `data`"),
        "{fx:?}"
    );
    assert!(view(&other).profile.failed);

    ui(
        &mut m,
        AppUi::Navigate {
            path: "/profile/settings/notifications".into(),
        },
    );
    respond(
        &mut m,
        p(profile::Call::Me),
        200,
        json!({"id": 7, "email": "a@b.c", "firstName": 3, "receiveBonus": "yes",
               "emailConfirmed": true, "cpf_number": "123.456.789-09"}),
    );
    let v = view(&m);
    let me = v.profile.me.as_ref().unwrap();
    assert_eq!((me.email.as_str(), me.first_name.as_str()), ("a@b.c", ""));
    assert!(me.email_confirmed);
    assert_eq!(
        v.forms[&FormId::ProfileSettings].values.get("receiveBonus"),
        Some(&FormValue::Bool(false))
    );
    let (mut other, _) = restored("/profile/settings/notifications");
    let fx = respond(
        &mut other,
        p(profile::Call::Me),
        200,
        json!({"email": "other@b.c"}),
    );
    assert!(
        warned(&fx, "profile: not a profile: missing field `id`"),
        "{fx:?}"
    );
    assert!(view(&other).profile.me.is_none());
}
