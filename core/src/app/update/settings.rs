//! The four settings calls (currencies, locales, countries, constants) through the
//! 15-minute cache of SPEC §7/§9: a fresh cached answer is handled at once, with no request.

use crate::app::effect::{Effect, HttpRequest, Method, Req};
use crate::app::event::HttpOutcome;
use crate::app::model::Model;
use crate::app::request::cache_key;

pub fn get(
    model: &mut Model,
    req: Req,
    path: &str,
    query: &[(&str, &str)],
    now: u64,
    fx: &mut Vec<Effect>,
) {
    let query: Vec<(String, String)> = query
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let key = cache_key(path, &query);
    if let Some(body) = model.settings_cache.fresh(&key, now).map(str::to_string) {
        super::http_done(
            model,
            req,
            HttpOutcome::Response { status: 200, body },
            now,
            fx,
        );
        return;
    }
    if model.settings_cache.in_flight(&key) {
        return;
    }
    model.settings_cache.sent(req.clone(), key);
    fx.push(Effect::Http(HttpRequest {
        req,
        method: Method::Get,
        path: path.to_string(),
        query,
        body: None,
        bearer: None,
        source_platform: false,
    }));
}
