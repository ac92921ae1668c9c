//! Localized content groups (SPEC §7: per locale, cached 15 minutes) and the new-build check.

use crate::vec_map::VecMap;

use super::calls::{self, ResponseError};
use super::log;
use crate::app::effect::{Effect, LogLevel, Req};
use crate::app::event::{Event, Tick};
use crate::app::model::Model;

pub const CONTENT_GROUPS: [&str; 5] = [
    "alerts",
    "fields-settings",
    "global-components",
    "layout",
    "modals",
];
pub const CONTENT_TTL_MS: u64 = 15 * 60 * 1000;

/// Load the current locale's content unless a fresh copy is here or on its way.
pub fn ensure(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    let locale = model.content_locale();
    if model.texts_locale.as_deref() != Some(locale.as_str()) {
        // Another locale's texts must not linger: the cached copy, else the English built-ins.
        model.texts = model
            .content_cache
            .iter()
            .find(|(l, _)| *l == locale)
            .map(|(_, t)| t.clone())
            .unwrap_or_default();
        model.texts_locale = Some(locale.clone());
    }
    let fresh = model
        .content_loaded
        .iter()
        .any(|(l, at)| *l == locale && now.saturating_sub(*at) < CONTENT_TTL_MS);
    if fresh {
        return;
    }
    // Mark it now so a burst of navigations sends one request; a failure clears the mark.
    model.content_loaded.retain(|(l, _)| *l != locale);
    model.content_loaded.push((locale.clone(), now));
    let mut query = vec![("locale", locale.as_str())];
    query.extend(CONTENT_GROUPS.iter().map(|g| ("groups[]", *g)));
    fx.push(calls::public(
        Req::Content(locale.clone()),
        "/api/content",
        query,
    ));
}

/// `{group: {key: text}}` -> `group.key` texts, for the locale still current.
pub fn loaded(
    model: &mut Model,
    locale: &str,
    result: Result<String, ResponseError>,
    _now: u64,
    fx: &mut Vec<Effect>,
) {
    let parsed = result.and_then(|b| calls::json::<VecMap<String, VecMap<String, String>>>(&b));
    match parsed {
        Ok(groups) => {
            let texts: VecMap<String, String> = groups
                .into_iter()
                .filter(|(g, _)| CONTENT_GROUPS.contains(&g.as_str()))
                .flat_map(|(g, texts)| texts.into_iter().map(move |(k, v)| (format!("{g}.{k}"), v)))
                .collect();
            model.content_cache.retain(|(l, _)| l != locale);
            model
                .content_cache
                .push((locale.to_string(), texts.clone()));
            if model.content_locale() == locale {
                model.texts = texts;
                model.texts_locale = Some(locale.to_string());
            }
        }
        Err(e) => {
            // English built-ins stay; the next navigation tries again.
            model.content_loaded.retain(|(l, _)| l != locale);
            log(fx, LogLevel::Warn, &format!("content {locale}: {e}"));
        }
    }
}

pub fn poll_version(_model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    fx.push(calls::public(
        Req::Version,
        "/builds/latest.json",
        vec![("timestamp", &now.to_string())],
    ));
    fx.push(Effect::Timer {
        ms: super::VERSION_POLL_MS,
        event: Box::new(Event::Tick(Tick::PollVersion)),
    });
}

#[derive(serde::Deserialize)]
struct Build {
    id: String,
}

pub fn version_loaded(
    model: &mut Model,
    result: Result<String, ResponseError>,
    fx: &mut Vec<Effect>,
) {
    match result.and_then(|b| calls::json::<Build>(&b)) {
        Ok(b) => match &model.build_id {
            None => model.build_id = Some(b.id),
            Some(seen) if *seen != b.id => model.update_ready = true,
            Some(_) => {}
        },
        // The dev server has no build file: nothing to compare, nothing to do.
        Err(e) => log(fx, LogLevel::Info, &format!("build check: {e}")),
    }
}
