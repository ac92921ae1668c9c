//! Performs `Effect::ThirdParty` (the loaders of `third_party.js`) and adds the captcha token
//! and the visitor fingerprint to the guarded forms' bodies. Answers come back as the
//! `third_party` feature's ticks.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::app::features::third_party::ThirdPartyTick;
use crate::app::registry::Tick;
use crate::app::{Event, Guard};
use crate::domain::third_party::{ServiceCmd, CAPTCHA_ACTION};
use crate::json::Json;

use super::Runtime;

#[wasm_bindgen(module = "/src/runtime/third_party.js")]
extern "C" {
    fn tp_load(name: &str, url: &str, key: &str) -> js_sys::Promise;
    fn tp_track(sink: &str, event: &str, action_id: u32, code: Option<u32>);
    fn tp_identify(
        player_id: Option<f64>,
        restore_id: Option<String>,
        replay: bool,
    ) -> js_sys::Promise;
    fn tp_guard(action: &str) -> js_sys::Promise;
}

pub fn perform(rt: &Rc<Runtime>, cmd: ServiceCmd) {
    match cmd {
        ServiceCmd::Load { service, url, key } => {
            let loading = JsFuture::from(tp_load(service.name(), &url, &key));
            let rt = Rc::clone(rt);
            wasm_bindgen_futures::spawn_local(async move {
                let tick = match loading.await {
                    Ok(_) => ThirdPartyTick::Loaded(service),
                    Err(_) => ThirdPartyTick::Failed(service),
                };
                rt.dispatch(Event::Tick(Tick::ThirdParty(tick)));
            });
        }
        ServiceCmd::Track(c) => tp_track(
            c.sink.name(),
            c.event.as_str(),
            c.action_id,
            c.external_code,
        ),
        ServiceCmd::Identify {
            player_id,
            restore_id,
            replay,
        } => {
            let created =
                JsFuture::from(tp_identify(player_id.map(|p| p as f64), restore_id, replay));
            let rt = Rc::downgrade(rt);
            wasm_bindgen_futures::spawn_local(async move {
                let id = created.await.ok().and_then(|v| v.as_string());
                if let (Some(id), Some(rt)) = (id, rt.upgrade()) {
                    rt.dispatch(Event::Tick(Tick::ThirdParty(ThirdPartyTick::RestoreId(id))));
                }
            });
        }
    }
}

/// The body of a guarded call. A form gets `captchaToken` (null without one, SPEC §8) and,
/// when the fingerprint service gave one, `fingerprint`, and the anti-fraud `fingerprint2` when
/// stored (SPEC §7: registration and login send both); tg_login gets that fingerprint as `frogoFingerprint` and no captcha.
pub async fn guard(body: Option<Json>, kind: Guard) -> Option<Json> {
    let form = kind == Guard::Form;
    // An empty action asks for no captcha token.
    let extra = JsFuture::from(tp_guard(if form { CAPTCHA_ACTION } else { "" }))
        .await
        .ok();
    let field = |name: &str| {
        extra
            .as_ref()
            .and_then(|e| js_sys::Reflect::get(e, &name.into()).ok())
            .and_then(|v| v.as_string())
    };
    let mut body = match body {
        Some(Json::Object(map)) => map,
        _ => Default::default(),
    };
    if form {
        body.insert(
            "captchaToken".into(),
            field("captchaToken").map_or(Json::Null, Json::String),
        );
    }
    let name = if form {
        "fingerprint"
    } else {
        "frogoFingerprint"
    };
    // `fingerprint2` (the anti-fraud one) comes for forms only.
    for (from, to) in [("fingerprint", name), ("fingerprint2", "fingerprint2")] {
        if let Some(f) = field(from).filter(|_| !body.contains_key(to)) {
            body.insert(to.into(), Json::String(f));
        }
    }
    Some(Json::Object(body))
}
