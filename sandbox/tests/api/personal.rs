//! The personal page's fields: the server's field rules (scenario profile) and PUT profile.

use crate::common;

use common::start;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn field_rules_and_the_personal_fields() {
    let s = start().await;
    let r = s
        .get("/api/player/fields/validations?scenario=profile", None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let birth = r
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "birthdate")
        .unwrap();
    assert_eq!(birth["isRequired"], true);
    assert_eq!(birth["rules"], "date|minAge:18");
    let r = s
        .get("/api/player/fields/validations?scenario=x", None)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    let (t, _) = s.register("me@example.com", "USD").await;
    let r = s
        .put(
            "/api/player/profile",
            Some(&t),
            Some(
                json!({"firstName": "Ana", "lastName": "Silva", "birthdate": "2015-01-01",
                        "city": "X", "cpf_number": "111.111.111-11"}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.field_errors("birthdate"),
        ["You must be at least 18 years old."]
    );
    assert_eq!(
        r.field_errors("city"),
        ["The city must be at least 2 characters."]
    );
    assert_eq!(r.field_errors("cpf_number"), ["The CPF is not valid."]);
    // Brazil needs the CPF.
    let r = s
        .put(
            "/api/player/profile",
            Some(&t),
            Some(json!({"country": "BR", "cpf_number": ""})),
        )
        .await;
    assert_eq!(
        r.field_errors("cpf_number"),
        ["The CPF is required for players in Brazil."]
    );
    let r = s
        .put(
            "/api/player/profile",
            Some(&t),
            Some(
                json!({"firstName": "Ana", "lastName": "Silva", "birthdate": "1990-02-28",
                        "country": "BR", "city": "Recife", "address": "Rua 1",
                        "postalCode": "50000-000", "cpf_number": "529.982.247-25"}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["birthdate"], "1990-02-28");
    assert_eq!(r.body["cpf_number"], "529.982.247-25");
    assert_eq!(r.body["postalCode"], "50000-000");
    assert_eq!(
        s.get("/api/player/profile", Some(&t)).await.body["city"],
        "Recife"
    );
}

/// SPEC §5: the registration scenario's rules are what the register calls enforce. An operator
/// that requires more profile fields (the control API here) lists them as required, a sign-up
/// without them is refused per field, one with them keeps them on the profile.
#[tokio::test]
async fn registration_requires_what_its_rules_say() {
    let s = start().await;
    let fields = |r: &common::Reply| -> Vec<(String, bool)> {
        r.body
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["field"].as_str().unwrap().to_string(),
                    f["isRequired"] == true,
                )
            })
            .collect()
    };
    let path = "/api/player/fields/validations?scenario=registration";
    let plain = s.get(path, None).await;
    assert_eq!(plain.body.as_array().unwrap().len(), 4);
    let bad = s
        .post(
            "/api/_control/registration-fields",
            None,
            json!({"required": ["firstName", "password"]}),
        )
        .await;
    assert_eq!(
        bad.field_errors("required"),
        ["A sign-up cannot offer password."]
    );
    let r = s
        .post(
            "/api/_control/registration-fields",
            None,
            json!({"required": ["country", "firstName", "birthdate"]}),
        )
        .await;
    assert_eq!(
        r.body["required"],
        json!(["firstName", "birthdate", "country"])
    );
    let strict = s.get(path, None).await;
    let listed = fields(&strict);
    for f in ["firstName", "birthdate", "country"] {
        assert!(listed.contains(&(f.to_string(), true)), "{f}: {listed:?}");
    }
    let birth = strict
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "birthdate");
    assert_eq!(birth.unwrap()["rules"], "date|minAge:18");

    let base = json!({"email": "strict@example.com", "password": "secret-pass",
                      "currency": "USD", "agreements": true});
    let r = s.post("/api/player/register", None, base.clone()).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(
        r.field_errors("firstName"),
        ["The first name field is required."]
    );
    assert_eq!(
        r.field_errors("country"),
        ["The country field is required."]
    );
    let mut young = base.clone();
    young["firstName"] = json!("Ana");
    young["birthdate"] = json!("2015-01-01");
    young["country"] = json!("ZZ");
    let r = s.post("/api/player/register", None, young).await;
    assert_eq!(
        r.field_errors("birthdate"),
        ["You must be at least 18 years old."]
    );
    assert_eq!(
        r.field_errors("country"),
        ["The selected country is invalid."]
    );
    assert!(r.field_errors("firstName").is_empty());
    let mut good = base.clone();
    good["firstName"] = json!(" Ana ");
    good["birthdate"] = json!("1990-05-17");
    good["country"] = json!("BR");
    let r = s.post("/api/player/register", None, good).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let token = r.body["accessToken"].as_str().unwrap().to_string();
    let me = s.get("/api/player/profile", Some(&token)).await;
    assert_eq!(me.body["firstName"], "Ana");
    assert_eq!(me.body["country"], "BR");
    assert_eq!(me.body["birthdate"], "1990-05-17");

    // Back to the default: the four usual fields, and a plain sign-up passes.
    let r = s
        .call(
            reqwest::Method::DELETE,
            "/api/_control/registration-fields",
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(s.get(path, None).await.body.as_array().unwrap().len(), 4);
    s.register("plain@example.com", "USD").await;
}
