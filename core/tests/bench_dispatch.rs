//! The dispatch bench (issue 9, item 2): time from an event to the changed view slices as JS
//! values, in a real browser, with a 20,000-item collection in the model. Not part of the
//! test suite: it compiles only with `--features bench` and is run by
//! `scripts/bench-dispatch.sh`, which prints the summary.
//!
//! What one dispatch costs here is what the runtime does per event (runtime/mod.rs
//! `dispatch` + `notify`), minus performing effects (no fetch, no socket):
//! `app::update(&mut model, event, now)` then `app::view::changed(&model, dirty, &mut sink)`
//! into the runtime's own `JsSlices` sink (serde-wasm-bindgen into one JS object).
//!
//! The 20,000-item collection: there is no game catalogue yet, so today it is the texts table
//! (`Config::texts` gets 20,000 extra entries over the real English texts). Features that
//! bring big collections add one line to `COLLECTIONS`.
//!
//! For context the same events are also timed the old way: the whole view serialized to JS
//! per event (`app::view(&model)` through the same serializer).
#![cfg(all(target_arch = "wasm32", feature = "bench"))]

#[macro_use]
#[path = "native/support/mod.rs"]
mod support;

use croupier_core::app::view::SliceNames;
use croupier_core::app::{
    self, AppUi, Config, Dirty, Effect, Event, FormId, FormValue, HttpOutcome, Model, Req,
};
use croupier_core::domain::realtime::{SocketCmd, SocketEvent};
use croupier_core::runtime::{to_js, JsSlices};
use litemap::LiteMap;
use support::{req, token, NOW};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn perf_now() -> f64;
}

/// Items of the big collection(s).
const ITEMS: usize = 20_000;
/// Untimed events first: a tenth of the timed ones.
const WARMUP: usize = ITERATIONS / 10;
/// Timed events of each kind: 2,000, or `BENCH_ITERATIONS` when the bench is built (the test
/// command's smoke builds it with a few; a value that is not a whole number fails the build).
const ITERATIONS: usize = match option_env!("BENCH_ITERATIONS") {
    Some(n) => whole_number(n),
    None => 2_000,
};
/// The whole-view comparison is slow by design: fewer rounds (100 of 2,000).
const WHOLE_ITERATIONS: usize = if ITERATIONS >= 40 { ITERATIONS / 20 } else { 2 };

const fn whole_number(s: &str) -> usize {
    let b = s.as_bytes();
    let mut n = 0;
    let mut i = 0;
    assert!(!b.is_empty(), "BENCH_ITERATIONS is empty");
    while i < b.len() {
        assert!(
            b[i].is_ascii_digit(),
            "BENCH_ITERATIONS is not a whole number"
        );
        n = n * 10 + (b[i] - b'0') as usize;
        i += 1;
    }
    assert!(n > 0, "BENCH_ITERATIONS is 0");
    n
}

/// A big collection: what it is (printed), how it gets into the config before the model is
/// made, and into the model once the player is set up (e.g. answering a catalogue call).
struct Collection {
    what: &'static str,
    config: fn(&mut Config),
    model: fn(&mut Model),
}

/// One line per big collection. The games feature adds its catalogue here.
const COLLECTIONS: &[Collection] = &[Collection {
    what: "texts table: Config::texts + 20,000 extra entries (no game catalogue yet)",
    config: extra_texts,
    model: |_| {},
}];

fn extra_texts(config: &mut Config) {
    config.texts.extend((0..ITEMS).map(|i| {
        (
            format!("bench.item{i:05}"),
            format!("Bench item number {i}"),
        )
    }));
}

/// The real English texts, as the app hands them to `new Core(config)`.
fn bench_config() -> Config {
    let texts: LiteMap<String, String> =
        croupier_core::json::from_str(include_str!("../content/en.json")).expect("en.json");
    let mut config = Config {
        texts,
        ..Config::default()
    };
    for c in COLLECTIONS {
        (c.config)(&mut config);
    }
    config
}

fn with_collections(mut m: Model) -> Model {
    for c in COLLECTIONS {
        (c.model)(&mut m);
    }
    // The first render has seen everything.
    m.dirty = Dirty::NONE;
    m
}

fn update(m: &mut Model, e: Event) -> Vec<Effect> {
    app::update(m, e, NOW)
}

/// Answer `req` by its call id, when it is in flight.
fn answer(m: &mut Model, req: Req, body: serde_json::Value) -> Vec<Effect> {
    let Some(id) = m.calls.id_of(&req) else {
        return Vec::new();
    };
    update(
        m,
        Event::Http {
            id,
            outcome: HttpOutcome::Response {
                status: 200,
                body: body.to_string(),
            },
        },
    )
}

fn currencies() -> serde_json::Value {
    j!([
        {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100},
        {"code":"BTC","type":"crypto","symbol":"₿","subunitToUnit":100000000,"subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
    ])
}

fn settled(m: &mut Model) {
    answer(m, req::currencies(), currencies());
    answer(
        m,
        req::locales(),
        j!([{"code":"en","name":"English","default":true}]),
    );
    answer(m, req::content("en"), j!({"layout": {"title": "Croupier"}}));
}

/// A guest on the home page with settings and content loaded.
fn guest() -> Model {
    let mut m = Model::new(bench_config());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
    );
    settled(&mut m);
    with_collections(m)
}

fn socket(m: &mut Model, e: SocketEvent) -> Vec<Effect> {
    update(m, Event::Socket(e))
}

/// A signed-in player with a live socket subscribed to `wallet:accounts#7` (as
/// realtime_native.rs `connected_player`).
fn player() -> Model {
    let mut m = Model::new(bench_config());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/".into(),
            boot: Default::default(),
        },
    );
    settled(&mut m);
    answer(
        &mut m,
        req::profile(),
        j!({"id": 7, "email": "ace@example.com"}),
    );
    answer(
        &mut m,
        req::accounts(),
        j!([
            {"id": 1, "currency": "USD", "balance": "10.00", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0", "status": 2}
        ]),
    );
    socket(&mut m, SocketEvent::Opened);
    let fx = socket(
        &mut m,
        SocketEvent::Message(r#"{"id":1,"connect":{"client":"c","ping":25,"pong":true}}"#.into()),
    );
    let subscribes = fx
        .iter()
        .find_map(|e| match e {
            Effect::Socket(SocketCmd::Send(s)) => Some(s.lines().count()),
            _ => None,
        })
        .expect("the subscribe frame");
    let replies: Vec<String> = (2..2 + subscribes)
        .map(|id| format!(r#"{{"id":{id},"subscribe":{{}}}}"#))
        .collect();
    socket(&mut m, SocketEvent::Message(replies.join("\n")));
    assert_eq!(
        m.realtime.sub_state("wallet:accounts#7"),
        croupier_core::domain::realtime::SubState::Subscribed
    );
    with_collections(m)
}

/// The i-th keystroke: an email typed a character at a time, over and over.
fn keystroke(i: usize) -> Event {
    const EMAIL: &str = "jackpot.player.number.seven@example.com";
    Event::Ui(
        AppUi::FormInput {
            form: FormId::SignIn,
            field: "email".into(),
            value: FormValue::Text(EMAIL[..1 + i % EMAIL.len()].into()),
        }
        .into(),
    )
}

/// The i-th balance push: account 1's balance changes every time.
fn push(i: usize) -> Event {
    let frame = j!({"push": {"channel": "wallet:accounts#7", "pub": {"data":
        {"id": 1, "currency": "USD", "balance": format!("{}.{:02}", 10 + i, i % 100), "status": 1}}}})
    .to_string();
    Event::Socket(SocketEvent::Message(frame))
}

/// What the runtime does per event, minus performing effects.
fn sliced(m: &mut Model, e: Event) -> Option<JsValue> {
    let effects = app::update(m, e, NOW);
    let dirty = m.dirty.take();
    let mut sink = JsSlices::new();
    app::view::changed(m, dirty, &mut sink);
    drop(effects);
    sink.into_value()
}

/// The old way: the whole view to JS per event.
fn whole(m: &mut Model, e: Event) -> Option<JsValue> {
    let effects = app::update(m, e, NOW);
    m.dirty = Dirty::NONE;
    let v = to_js(&app::view(m));
    drop(effects);
    v
}

struct Stats {
    p50: f64,
    p95: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

/// Give the page back to the browser now and then (outside the timing): the test runner's
/// WebDriver calls time out when the page is blocked for 20 s.
async fn breathe(since: &mut f64) {
    if perf_now() - *since > 50.0 {
        gloo_timers::future::TimeoutFuture::new(0).await;
        *since = perf_now();
    }
}

async fn time(
    m: &mut Model,
    make: fn(usize) -> Event,
    run: fn(&mut Model, Event) -> Option<JsValue>,
    n: usize,
) -> Stats {
    let mut since = perf_now();
    for i in 0..n / 10 {
        std::hint::black_box(run(m, make(i)));
        breathe(&mut since).await;
    }
    let mut ms = Vec::with_capacity(n);
    for i in 0..n {
        breathe(&mut since).await;
        // The event is built outside the timing (the view builds it in JS).
        let e = make(WARMUP + i);
        let t = perf_now();
        let out = run(m, e);
        ms.push(perf_now() - t);
        assert!(out.is_some(), "the event changed no slice");
        std::hint::black_box(out);
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: usize| ms[(n * q).div_ceil(100).max(1) - 1];
    Stats {
        p50: at(50),
        p95: at(95),
        p99: at(99),
        max: ms[n - 1],
        mean: ms.iter().sum::<f64>() / n as f64,
    }
}

fn log(s: String) {
    web_sys::console::log_1(&s.into());
}

fn slices_of(mut m: Model, e: Event) -> String {
    app::update(&mut m, e, NOW);
    let dirty = m.dirty.take();
    let mut names = SliceNames::default();
    app::view::changed(&m, dirty, &mut names);
    names.0.join(", ")
}

#[wasm_bindgen_test]
async fn dispatch_to_view() {
    let isolated = js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let g = guest();
    let p = player();
    log(format!(
        "bench: model: {} texts; {}",
        p.shared.texts.len(),
        COLLECTIONS
            .iter()
            .map(|c| c.what)
            .collect::<Vec<_>>()
            .join("; ")
    ));
    log(format!(
        "bench: timer: performance.now(), crossOriginIsolated={isolated}; {WARMUP} warm-up + {ITERATIONS} timed events each; whole view {WHOLE_ITERATIONS}"
    ));
    let mut rows = Vec::new();
    for (name, model, make) in [
        ("keystroke", &g, keystroke as fn(usize) -> Event),
        ("push", &p, push),
    ] {
        let slices = slices_of(model.clone(), make(0));
        let s = time(&mut model.clone(), make, sliced, ITERATIONS).await;
        let w = time(&mut model.clone(), make, whole, WHOLE_ITERATIONS).await;
        log(format!(
            "bench: {name}: update + changed slices [{slices}] p50 {:.3} ms, p95 {:.3} ms (p99 {:.3}, max {:.3}, mean {:.3})",
            s.p50, s.p95, s.p99, s.max, s.mean
        ));
        log(format!(
            "bench: {name}: update + whole view (old way) p50 {:.3} ms, p95 {:.3} ms = {:.0}x the sliced p95",
            w.p50,
            w.p95,
            w.p95 / s.p95.max(f64::MIN_POSITIVE)
        ));
        rows.push(s.p95);
    }
    // The collection as it is in the model the events ran on (not the constant asked for).
    let items = p
        .shared
        .texts
        .iter()
        .filter(|(k, _)| k.starts_with("bench.item"))
        .count();
    log(format!(
        "bench-result keystroke_p95={:.3} push_p95={:.3} events={ITERATIONS} items={items}",
        rows[0], rows[1]
    ));
}
