//! Payments in real browsers (Chrome and Firefox): the pending QR invoice's id kept in
//! sessionStorage and read back by a fresh runtime (a reload), and the requests the payment
//! calls build (source/platform headers, bracket arrays, JSON bodies).

use crate::group_ready;
use croupier_core::app::features::payments::{self, history, pay};
use croupier_core::app::{CallId, Config, Guard, HttpRequest, Req};
use croupier_core::domain::invoice::ASYNC_INVOICE_KEY;
use croupier_core::domain::payment::Direction;
use croupier_core::domain::payment_form::EQUIVALENT_KEY;
use croupier_core::runtime::{http, storage, Runtime};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn config() -> Config {
    Config {
        api_base: "http://127.0.0.1:9".into(),
        origin: "https://croupier.test".into(),
        ..Config::default()
    }
}

/// The HTTP request the core would send for `req` (its endpoint table, as the gate does).
fn request_for(req: Req, body: Option<serde_json::Value>) -> HttpRequest {
    let route = req.endpoint();
    HttpRequest {
        id: CallId(1),
        method: route.method,
        path: route.path,
        query: route.query,
        body,
        bearer: Some("h.p.s".into()),
        source_platform: route.source_platform,
        guarded: Guard::None,
        file_input: None,
        req,
    }
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// The payments group's code once it is here: it loads asynchronously (in the product from its
/// own chunk; here, unsplit, in the next task), and the boot it heard meanwhile is delivered on
/// arrival.

#[wasm_bindgen_test]
async fn a_reload_reads_the_pending_qr_invoice_and_the_equivalent_back() {
    storage::session_set(ASYNC_INVOICE_KEY, Some("50"));
    storage::local_set(EQUIVALENT_KEY, Some("EUR"));
    assert_eq!(
        storage::session_get(ASYNC_INVOICE_KEY).as_deref(),
        Some("50")
    );
    // A fresh runtime is what a reload makes: it reads storage at start. The equivalent is the
    // wallet's (every page's header shows it); the pending invoice is the payments group's,
    // which a pending QR deposit loads at the boot.
    let rt = Runtime::new(config());
    rt.start();
    // Until its code is here the group's slices are not built: the page keeps its first.
    assert!(get(&rt.view(), "payment").is_undefined());
    group_ready(|| rt.view(), "payments").await;
    let payment = get(&rt.view(), "payment");
    assert_eq!(
        get(&payment, "equivalent").as_string().as_deref(),
        Some("EUR")
    );
    assert_eq!(get(&payment, "asyncId").as_f64(), Some(50.0));
    // Garbage in storage is no invoice (and no reason to load the group).
    storage::session_set(ASYNC_INVOICE_KEY, Some("fifty"));
    let rt = Runtime::new(config());
    rt.start();
    rt.dispatch(croupier_core::app::Event::LoadGroup(
        croupier_core::app::registry::GroupId::payments,
    ));
    group_ready(|| rt.view(), "payments").await;
    assert_eq!(get(&get(&rt.view(), "payment"), "asyncId").as_f64(), None);
    storage::session_set(ASYNC_INVOICE_KEY, None);
    storage::local_set(EQUIVALENT_KEY, None);
    assert_eq!(storage::session_get(ASYNC_INVOICE_KEY), None);
}

#[wasm_bindgen_test]
fn methods_send_source_and_platform_and_their_query() {
    let req = Req::Payments(payments::Call::Pay(pay::Call::Methods {
        dir: Direction::Deposit,
        currency: "BRL".into(),
        country: Some("BR".into()),
    }));
    let built = http::build(&http::Base::from(&config()), &request_for(req, None), None).unwrap();
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/payment/methods/deposit?currency=BRL&country=BR"
    );
    let headers = built.headers();
    assert_eq!(
        headers.get("x-source").as_deref(),
        Some("https://croupier.test")
    );
    assert_eq!(headers.get("x-platform").as_deref(), Some("web"));
    assert_eq!(
        headers.get("authorization").as_deref(),
        Some("Bearer h.p.s")
    );
}

#[wasm_bindgen_test]
fn history_filters_go_in_the_bracket_form() {
    let filter = history::Filter {
        kind: "withdrawal".into(),
        statuses: vec![1, 3],
        date_from: "2026-01-01".into(),
        date_to: String::new(),
    };
    let req = Req::Payments(payments::Call::History(history::Call::Invoices {
        filter,
        page: 2,
    }));
    let built = http::build(&http::Base::from(&config()), &request_for(req, None), None).unwrap();
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/payment/invoices?page=2&perPage=10&type=withdrawal&status[]=1&status[]=3&dateFrom=2026-01-01"
    );
    assert_eq!(
        built.headers().get("x-source"),
        None,
        "only the calls SPEC §7 lists"
    );
}

#[wasm_bindgen_test]
fn an_invoice_is_posted_as_json_and_a_decline_is_a_put() {
    let body = serde_json::json!({"amount": "0.0015", "paymentMethod": "directwallet.deposit.btc",
        "fields": {}, "idempotencyKey": "7-1-1", "accountId": 3});
    let req = Req::Payments(payments::Call::Pay(pay::Call::Create {
        dir: Direction::Deposit,
    }));
    let built = http::build(
        &http::Base::from(&config()),
        &request_for(req, Some(body)),
        None,
    )
    .unwrap();
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/payment/invoices/deposit"
    );
    assert_eq!(
        built.headers().get("content-type").as_deref(),
        Some("application/json")
    );
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.method(), "POST");
    let req = Req::Payments(payments::Call::Pay(pay::Call::Decline(50)));
    let built = http::build(&http::Base::from(&config()), &request_for(req, None), None).unwrap();
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/payment/invoices/50/decline"
    );
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.method(), "PUT");
}
