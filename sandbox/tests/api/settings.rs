//! Public reference data.

use crate::common;

use common::start;
use reqwest::StatusCode;

#[tokio::test]
async fn currencies_match_the_contract() {
    let s = start().await;
    let r = s.get("/api/settings/currencies?visible=1", None).await;
    assert_eq!(r.status, StatusCode::OK);
    let list = r.body.as_array().unwrap();
    let codes: Vec<&str> = list.iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(
        codes,
        [
            "USD", "EUR", "BRL", "BTC", "ETH", "USDT", "INR", "PLN", "TRY", "UZS", "BDT", "PHP",
            "PKR", "TON"
        ]
    );

    let usd = &list[0];
    assert_eq!(usd["type"], "fiat");
    assert_eq!(usd["subunitToUnit"], 100);
    assert_eq!(usd["isBase"], true);
    assert_eq!(usd["isEnabled"], true);
    assert_eq!(usd["rate"]["rate"], "1");
    assert!(usd["symbol"].is_string());
    assert_eq!(usd["subCurrencies"], serde_json::json!([]));

    let btc = &list[3];
    assert_eq!(btc["type"], "crypto");
    assert_eq!(btc["subunitToUnit"], 100_000_000);
    assert_eq!(btc["isBase"], false);
    assert_eq!(
        btc["subCurrencies"],
        serde_json::json!([{"code": "mBTC", "subunitToUnit": 1000}])
    );
    assert_eq!(list[4]["subCurrencies"][0]["code"], "mETH");
    assert_eq!(list[5]["subunitToUnit"], 1_000_000);
    // TON in nanotons, with no milli sub-currency (the sub-unit display is BTC's and ETH's).
    assert_eq!(list[13]["type"], "crypto");
    assert_eq!(list[13]["subunitToUnit"], 1_000_000_000);
    assert_eq!(list[13]["subCurrencies"], serde_json::json!([]));
    for c in list {
        assert!(c["rate"]["rate"].is_string(), "rates are decimal strings");
    }

    // Without visible=1 the hidden, disabled LTC shows up too.
    let all = s.get("/api/settings/currencies", None).await;
    let ltc = all
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "LTC")
        .unwrap();
    assert_eq!(ltc["isEnabled"], false);
}

#[tokio::test]
async fn locales_have_one_default() {
    let s = start().await;
    let r = s.get("/api/settings/locales", None).await;
    let list = r.body.as_array().unwrap();
    let codes: Vec<&str> = list.iter().map(|l| l["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["en", "pt-br", "es", "es-mx", "ru"]);
    assert_eq!(list.iter().filter(|l| l["isDefault"] == true).count(), 1);
    assert_eq!(list[0]["isDefault"], true);
    assert!(list.iter().all(|l| l["name"].is_string()));
}

#[tokio::test]
async fn countries_exclude_the_spec_list() {
    let s = start().await;
    let r = s.get("/api/settings/countries", None).await;
    let list = r.body.as_array().unwrap();
    assert!(list.len() >= 40);
    for excluded in ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"] {
        assert!(
            list.iter().all(|c| c["code"] != excluded),
            "{excluded} listed"
        );
    }
    let br = list.iter().find(|c| c["code"] == "BR").unwrap();
    assert_eq!(br["name"], "Brazil");
    assert_eq!(br["locale"], "pt-br");
}

#[tokio::test]
async fn constants_follow_spec_numbers() {
    let s = start().await;
    let c = s.get("/api/settings/constants", None).await.body;
    assert_eq!(c["bonusStatuses"]["issued"], 1);
    assert_eq!(c["bonusStatuses"]["active"], 2);
    assert_eq!(c["bonusStatuses"]["finished"], 3);
    assert_eq!(c["bonusResults"]["played"], 2);
    assert_eq!(c["bonusResults"]["canceled"], 3);
    assert_eq!(c["freespinResults"]["expired"], 4);
    assert_eq!(c["invoiceStatuses"]["pending"], 1);
    assert_eq!(c["invoiceStatuses"]["success"], 2);
    assert_eq!(c["invoiceStatuses"]["error"], 3);
    assert_eq!(c["limitDefinitions"]["coolingOff"], 5);
    for key in [
        "playerStatuses",
        "invoiceTypes",
        "betStatuses",
        "documentStatuses",
        "freespinStatuses",
    ] {
        assert!(c[key].is_object(), "{key}");
    }
    let tz = c["timeZones"].as_array().unwrap();
    assert!(tz.len() > 10);
    assert!(tz
        .iter()
        .all(|z| z["id"].is_string() && z["name"].is_string()));
}

#[tokio::test]
async fn non_api_paths_without_an_app_build_get_a_helpful_page() {
    let s = start().await;
    let r = s.get("/wallet", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.content_type.starts_with("text/html"));
}
