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
