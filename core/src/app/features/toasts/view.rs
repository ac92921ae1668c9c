//! The `toasts` slice: the alerts on screen, their texts in the current locale.

use serde::Serialize;

use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::alert::AlertKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ToastKind {
    Success,
    Error,
    Warning,
    Info,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ToastView {
    pub id: u64,
    pub kind: ToastKind,
    pub title: String,
    pub description: Option<String>,
    /// SPEC §9: 3000 ms, or 5000 ms with a description.
    pub duration_ms: u64,
}

pub fn slice(toasts: &super::Toasts, shared: &Shared, _config: &Config) -> Vec<ToastView> {
    // A content key, else the text itself (a server's sentence); `{name}` filled in.
    let fill = |text: &str, params: &litemap::LiteMap<String, String>| {
        let mut out = shared
            .text_of(text)
            .cloned()
            .unwrap_or_else(|| text.to_string());
        for (k, v) in params.iter() {
            out = out.replace(&format!("{{{k}}}"), v);
        }
        out
    };
    toasts
        .queue
        .visible()
        .iter()
        .map(|s| ToastView {
            id: s.id,
            kind: match s.alert.kind {
                AlertKind::Success => ToastKind::Success,
                AlertKind::Error => ToastKind::Error,
                AlertKind::Warning => ToastKind::Warning,
                AlertKind::Info => ToastKind::Info,
            },
            title: fill(&s.alert.key, &s.alert.params),
            description: s
                .alert
                .description
                .as_deref()
                .map(|d| fill(d, &s.alert.params)),
            duration_ms: s.alert.duration_ms(),
        })
        .collect()
}
