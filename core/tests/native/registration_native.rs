//! The registration scenario's server rules (SPEC §5 "Fields flagged isRequired by the server
//! get required added. Server-provided field validations exist per scenario 'profile' or
//! 'registration'"): both sign-up forms ask for them, apply them and offer the fields they
//! require.

use crate::support;

use croupier_core::app::features::{phone, session};
use croupier_core::app::registration::FieldKind;
use croupier_core::app::{view, AppUi, Effect, FormId, FormValue, Model, Req};
use serde_json::json;
use support::{guest, http, respond, type_text, ui, NOW};

const RULES: Req = Req::Session(session::Call::RegistrationRules);
const COUNTRIES: Req = Req::Session(session::Call::Countries);

fn open(m: &mut Model, id: &str) -> Vec<Effect> {
    ui(
        m,
        AppUi::OpenModal {
            id: id.into(),
            params: Vec::new(),
        },
    )
}

fn paths(fx: &[Effect]) -> Vec<String> {
    http(fx)
        .iter()
        .map(|h| {
            let q: Vec<String> = h.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{} {}", h.path, q.join("&"))
        })
        .collect()
}

/// The platform's registration rules with a first name, a birthdate (18 or older) and a
/// country required, and a rule for a field no sign-up offers.
fn strict_rules() -> serde_json::Value {
    json!([
        {"field": "email", "isRequired": true, "rules": "email|max:254"},
        {"field": "password", "isRequired": true, "rules": "min:8|max:128"},
        {"field": "currency", "isRequired": true, "rules": ""},
        {"field": "agreements", "isRequired": true, "rules": "accepted"},
        {"field": "firstName", "isRequired": true, "rules": "min:2|max:50"},
        {"field": "birthdate", "isRequired": true, "rules": "date|minAge:18"},
        {"field": "country", "isRequired": true, "rules": "countryCode"},
        {"field": "city", "isRequired": false, "rules": "min:2"},
        {"field": "securityQuestion", "isRequired": true, "rules": "min:3"},
    ])
}

fn countries() -> serde_json::Value {
    json!([{"code": "BR", "name": "Brazil"}, {"code": "US", "name": "United States"},
           {"code": "PT", "name": "Portugal"}])
}

/// A guest opens sign-up and the server's rules and countries arrive.
fn strict_sign_up() -> Model {
    let mut m = guest("/");
    let fx = open(&mut m, "sign-up");
    assert_eq!(
        paths(&fx),
        [
            "/api/player/fields/validations scenario=registration",
            "/api/settings/countries "
        ]
    );
    respond(&mut m, RULES, 200, strict_rules());
    respond(&mut m, COUNTRIES, 200, countries());
    m
}

fn fill_base(m: &mut Model, form: FormId) {
    if form == FormId::SignUp {
        type_text(m, form, "email", "ana@example.com");
        type_text(m, form, "password", "password123");
    }
    type_text(m, form, "currency", "EUR");
    ui(
        m,
        AppUi::FormInput {
            form,
            field: "agreements".into(),
            value: FormValue::Bool(true),
        },
    );
}

fn submit(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

#[test]
fn opening_a_sign_up_asks_for_the_rules_once_and_a_player_never() {
    let mut m = strict_sign_up();
    ui(&mut m, AppUi::CloseModal);
    assert!(http(&open(&mut m, "sign-up")).is_empty(), "asked again");
    // Sign-in holds no sign-up form: nothing asked until one opens.
    let mut m = guest("/");
    assert!(http(&open(&mut m, "sign-in")).is_empty());
    // A page without a sign-up modal asks nothing.
    let mut m = guest("/wallet");
    assert!(!paths(&ui(
        &mut m,
        AppUi::Navigate {
            path: "/games".into()
        }
    ))
    .iter()
    .any(|p| p.contains("validations")));
}

#[test]
fn the_fields_the_server_requires_are_offered_in_order_with_their_countries() {
    let m = strict_sign_up();
    let r = view(&m).registration;
    let fields: Vec<(&str, FieldKind)> =
        r.fields.iter().map(|f| (f.name.as_str(), f.kind)).collect();
    // Optional city and the unknown securityQuestion are not offered.
    assert_eq!(
        fields,
        [
            ("firstName", FieldKind::Text),
            ("birthdate", FieldKind::Date),
            ("country", FieldKind::Country)
        ]
    );
    assert_eq!(r.fields[0].label, "global-components.personal.firstName");
    assert_eq!(r.fields[1].placeholder, "1990-12-31");
    // SPEC §5: US is excluded from the country list.
    assert_eq!(
        r.countries,
        [
            ("BR".to_string(), "Brazil".to_string()),
            ("PT".into(), "Portugal".into())
        ]
    );
}

#[test]
fn an_e_mail_sign_up_without_the_required_fields_sends_nothing_then_sends_them() {
    let mut m = strict_sign_up();
    fill_base(&mut m, FormId::SignUp);
    assert!(http(&submit(&mut m, FormId::SignUp)).is_empty());
    let errors = view(&m).forms[&FormId::SignUp].errors.clone();
    for f in ["firstName", "birthdate", "country"] {
        assert!(errors.contains_key(f), "{f}: {errors:?}");
    }
    // The server's date rule (its minAge is judged by the server: forms have no clock).
    type_text(&mut m, FormId::SignUp, "firstName", "Ana");
    type_text(&mut m, FormId::SignUp, "birthdate", "17/05/1990");
    type_text(&mut m, FormId::SignUp, "country", "BR");
    assert!(http(&submit(&mut m, FormId::SignUp)).is_empty());
    let errors = view(&m).forms[&FormId::SignUp].errors.clone();
    assert_eq!(
        errors.keys().collect::<Vec<_>>(),
        ["birthdate"],
        "{errors:?}"
    );
    type_text(&mut m, FormId::SignUp, "birthdate", "1990-05-17");
    let fx = submit(&mut m, FormId::SignUp);
    let h = http(&fx);
    assert_eq!(h.len(), 1, "{fx:?}");
    let body = h[0].body.clone().unwrap();
    assert_eq!(body["firstName"], "Ana");
    assert_eq!(body["birthdate"], "1990-05-17");
    assert_eq!(body["country"], "BR");
    assert_eq!(body["email"], "ana@example.com");
    assert!(body.get("city").is_none());
}

#[test]
fn the_servers_refusal_of_an_offered_field_shows_on_that_field_and_keeps_the_text() {
    let mut m = strict_sign_up();
    fill_base(&mut m, FormId::SignUp);
    type_text(&mut m, FormId::SignUp, "firstName", "Ana");
    type_text(&mut m, FormId::SignUp, "birthdate", "1990-05-17");
    type_text(&mut m, FormId::SignUp, "country", "BR");
    submit(&mut m, FormId::SignUp);
    respond(
        &mut m,
        Req::Session(session::Call::Register),
        422,
        json!({"code": "validation_failed", "message": "The selected country is invalid.",
               "errors": {"country": ["The selected country is invalid."]}}),
    );
    let form = view(&m).forms[&FormId::SignUp].clone();
    assert_eq!(
        form.errors.get("country").map(String::as_str),
        Some("The selected country is invalid.")
    );
    assert_eq!(form.error, None);
    assert_eq!(
        form.values.get("firstName"),
        Some(&FormValue::Text("Ana".into()))
    );
}

#[test]
fn the_phone_sign_up_offers_and_sends_the_same_fields() {
    let mut m = guest("/?modal=get-code");
    type_text(&mut m, FormId::PhoneNumber, "phone", "+351 912 345 678");
    submit(&mut m, FormId::PhoneNumber);
    let send = Req::Phone(phone::Call::Send {
        profile: false,
        resend: false,
    });
    let fx = respond(
        &mut m,
        send,
        200,
        json!({"phone": "+351912345678", "resendIn": 60, "expiresIn": 300, "length": 6}),
    );
    // On code-verify, where a new number signs up: the rules are asked.
    assert_eq!(paths(&fx).len(), 2, "{:?}", paths(&fx));
    respond(&mut m, RULES, 200, strict_rules());
    respond(&mut m, COUNTRIES, 200, countries());
    type_text(&mut m, FormId::PhoneCode, "code", "654321");
    submit(&mut m, FormId::PhoneCode);
    respond(
        &mut m,
        Req::Phone(phone::Call::Verify { profile: false }),
        200,
        json!({"registered": false, "phone": "+351912345678"}),
    );
    fill_base(&mut m, FormId::PhoneSignUp);
    assert!(http(&submit(&mut m, FormId::PhoneSignUp)).is_empty());
    assert!(view(&m).forms[&FormId::PhoneSignUp]
        .errors
        .contains_key("firstName"));
    type_text(&mut m, FormId::PhoneSignUp, "firstName", "Rui");
    type_text(&mut m, FormId::PhoneSignUp, "birthdate", "1988-02-29");
    type_text(&mut m, FormId::PhoneSignUp, "country", "PT");
    let fx = submit(&mut m, FormId::PhoneSignUp);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(
        (&body["firstName"], &body["birthdate"], &body["country"]),
        (&json!("Rui"), &json!("1988-02-29"), &json!("PT"))
    );
    // A refusal of an offered field lands on it.
    respond(
        &mut m,
        Req::Phone(phone::Call::Register),
        422,
        json!({"code": "validation_failed", "message": "The first name must be at least 2 characters.",
               "errors": {"firstName": ["The first name must be at least 2 characters."]}}),
    );
    assert!(view(&m).forms[&FormId::PhoneSignUp]
        .errors
        .contains_key("firstName"));
}

#[test]
fn without_the_servers_rules_the_products_stand_and_the_next_opening_asks_again() {
    let mut m = guest("/");
    open(&mut m, "sign-up");
    respond(&mut m, RULES, 503, json!({"message": "down"}));
    respond(&mut m, COUNTRIES, 200, countries());
    assert!(view(&m).registration.fields.is_empty());
    fill_base(&mut m, FormId::SignUp);
    let fx = submit(&mut m, FormId::SignUp);
    assert_eq!(
        http(&fx).len(),
        1,
        "the product's rules alone let it through"
    );
    // Malformed rules: logged, nothing offered, never a panic.
    let mut m = guest("/");
    open(&mut m, "sign-up");
    respond(&mut m, RULES, 200, json!({"data": 7}));
    assert!(view(&m).registration.fields.is_empty());
    // The failed ask is made again on the next opening.
    let mut m = guest("/");
    open(&mut m, "sign-up");
    respond(&mut m, RULES, 500, json!({}));
    ui(&mut m, AppUi::CloseModal);
    let again = paths(&open(&mut m, "sign-up"));
    assert!(
        again.iter().any(|p| p.contains("scenario=registration")),
        "{again:?}"
    );
    let _ = NOW;
}
