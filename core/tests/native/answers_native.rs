//! Answers read by derived `Deserialize` (the shapes that were read by hand until session 42):
//! what each tolerates (a newer server never breaks us) and what refuses the answer.

use croupier_core::app::features::{phone, referral, verify};
use croupier_core::app::proof::CodeSent;
use croupier_core::domain::sport::{EventInfo, Named, SportInfoResponse};
use croupier_core::json::from_json;
use serde_json::json;

#[test]
fn sport_info_keeps_the_categories_it_can_read() {
    let info: SportInfoResponse = from_json(json!({"Categories": [
        {"CategoryId": 1.0, "Name": "England", "Championships": [
            {"ChampionshipId": 10, "Name": "Premier"}, {"Name": "no id"}, 7
        ]},
        {"Name": "no id"},
        {"CategoryId": 2, "Championships": "odd"}
    ], "Other": true}))
    .unwrap();
    assert_eq!(info.categories.len(), 2);
    assert_eq!(info.categories[0].category_id, 1);
    assert_eq!(info.categories[0].championships.len(), 1);
    assert_eq!(info.categories[0].championships[0].championship_id, 10);
    assert_eq!(info.categories[1].name, "");
    assert!(info.categories[1].championships.is_empty());
    // Without its list of categories the answer is refused.
    assert!(from_json::<SportInfoResponse>(json!({})).is_err());
    assert!(from_json::<SportInfoResponse>(json!({"Categories": {}})).is_err());
}

#[test]
fn event_info_needs_every_id_and_reads_missing_names_as_empty() {
    let v = json!({"id": 9001, "name": "Arsenal - Chelsea", "championship": {
        "id": 3, "category": {"id": 2.0, "name": "England", "sport": {"id": 66}}}});
    let e: EventInfo = from_json(v.clone()).unwrap();
    assert_eq!(e.championship.name, "");
    assert_eq!(e.championship.category.id, 2);
    assert_eq!(
        e.championship.category.sport,
        Named {
            id: 66,
            name: String::new()
        }
    );
    let mut no_sport = v.clone();
    no_sport["championship"]["category"]["sport"] = json!({"name": "Football"});
    assert!(from_json::<EventInfo>(no_sport).is_err());
    let mut negative = v;
    negative["id"] = json!(-1);
    assert!(from_json::<EventInfo>(negative).is_err());
}

#[test]
fn referral_stats_need_the_code_and_currency() {
    let s: referral::Stats =
        from_json(json!({"code": "ANA1", "currency": "EUR", "invited": 3, "qualified": "x"}))
            .unwrap();
    assert_eq!(
        s,
        referral::Stats {
            code: "ANA1".into(),
            invited: 3,
            qualified: 0,
            earned: "0".into(),
            available: "0".into(),
            currency: "EUR".into(),
        }
    );
    assert!(from_json::<referral::Stats>(json!({"code": "ANA1"})).is_err());
}

#[test]
fn code_sent_answers_read_odd_fields_as_absent() {
    let s: phone::Sent =
        from_json(json!({"phone": "+351911", "resendIn": 30, "length": "six"})).unwrap();
    assert_eq!(s.phone.as_deref(), Some("+351911"));
    assert_eq!((s.resend_in, s.length), (Some(30), None));
    let s: verify::Sent = from_json(json!({"email": 5, "resendIn": 45})).unwrap();
    assert_eq!((s.email.as_str(), s.resend_in), ("", Some(45)));
    let s: CodeSent = from_json(json!({"to": "a***@b.c"})).unwrap();
    assert_eq!((s.to.as_str(), s.resend_in), ("a***@b.c", None));
}
