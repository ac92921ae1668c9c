//! `GET /third-party/{service}.js`: local stand-ins for the third-party services of SPEC §7
//! (tag manager, web metrics, live chat, session replay, visitor fingerprint, retargeting pixel,
//! captcha). Each speaks the browser surface the client's loaders use
//! (`core/src/runtime/third_party.js`) and records what the page handed it on
//! `window.__thirdParty`, so tests can see what loaded and what each provider was given.
//! Any other name is a 404: the failure path of a loader.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

const RECORD: &str = include_str!("../../assets/third-party/record.js");

const STAND_INS: &[(&str, &str)] = &[
    (
        "tagManager.js",
        include_str!("../../assets/third-party/tagManager.js"),
    ),
    (
        "webMetrics.js",
        include_str!("../../assets/third-party/webMetrics.js"),
    ),
    ("chat.js", include_str!("../../assets/third-party/chat.js")),
    (
        "sessionReplay.js",
        include_str!("../../assets/third-party/sessionReplay.js"),
    ),
    (
        "fingerprint.js",
        include_str!("../../assets/third-party/fingerprint.js"),
    ),
    (
        "pixel.js",
        include_str!("../../assets/third-party/pixel.js"),
    ),
    (
        "captcha.js",
        include_str!("../../assets/third-party/captcha.js"),
    ),
];

pub async fn script(Path(name): Path<String>) -> Response {
    match STAND_INS.iter().find(|(n, _)| *n == name) {
        Some((_, body)) => (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
                // Loadable by cross-origin isolated pages too (the core's browser tests).
                (
                    header::HeaderName::from_static("cross-origin-resource-policy"),
                    "cross-origin",
                ),
            ],
            format!("{RECORD}\n{body}"),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
