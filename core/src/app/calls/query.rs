//! Request-building helpers of the API client (SPEC §7 intro, §9 Requests and timing): array
//! query parameters in bracket form, query encoding, and the 15-minute settings cache.
//! Pure: the runtime only concatenates `path` and [`encode_query`].

use litemap::LiteMap;

/// SPEC §9: settings answers are reused for 15 minutes per path and parameters.
pub const SETTINGS_TTL_MS: u64 = 15 * 60 * 1000;

/// An array parameter in bracket form: `("status", ["1", "2"])` -> `status[]=1&status[]=2`.
pub fn array_param<S: AsRef<str>>(name: &str, values: &[S]) -> Vec<(String, String)> {
    let key = format!("{name}[]");
    values
        .iter()
        .map(|v| (key.clone(), v.as_ref().to_string()))
        .collect()
}

/// `?k=v&k2=v2`, percent-encoded (RFC 3986 unreserved characters kept), with a trailing `[]`
/// of a key kept literal; empty when there are no pairs.
pub fn encode_query(query: &[(String, String)]) -> String {
    let mut out = String::new();
    for (i, (k, v)) in query.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        match k.strip_suffix("[]") {
            Some(base) => {
                encode_into(base, &mut out);
                out.push_str("[]");
            }
            None => encode_into(k, &mut out),
        }
        out.push('=');
        encode_into(v, &mut out);
    }
    out
}

fn encode_into(s: &str, out: &mut String) {
    out.push_str(&crate::domain::route::percent_encode(s));
}

/// The cache key of a call: its path and encoded parameters.
pub fn cache_key(path: &str, query: &[(String, String)]) -> String {
    path.to_owned() + &encode_query(query)
}

/// Answers of the settings calls (currencies, locales, countries, constants), kept
/// [`SETTINGS_TTL_MS`] per path and parameters. A fresh entry means no request at all.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsCache<R> {
    /// key -> (stored at ms, body).
    entries: LiteMap<String, (u64, String)>,
    /// Requests in flight, oldest first, so an answer finds its key.
    in_flight: Vec<(R, String)>,
}

impl<R> Default for SettingsCache<R> {
    fn default() -> Self {
        SettingsCache {
            entries: LiteMap::new(),
            in_flight: Vec::new(),
        }
    }
}

impl<R: PartialEq> SettingsCache<R> {
    /// The cached body for `key`, if stored less than [`SETTINGS_TTL_MS`] ago.
    pub fn fresh(&self, key: &str, now_ms: u64) -> Option<&str> {
        self.entries
            .get(key)
            .filter(|(at, _)| now_ms.saturating_sub(*at) < SETTINGS_TTL_MS && now_ms >= *at)
            .map(|(_, body)| body.as_str())
    }

    /// A request for `key` went out as `req`.
    pub fn sent(&mut self, req: R, key: String) {
        self.in_flight.push((req, key));
    }

    /// Is a request for `key` already in flight?
    pub fn in_flight(&self, key: &str) -> bool {
        self.in_flight.iter().any(|(_, k)| k == key)
    }

    /// `req` was answered: keep a successful body under its key. Non-settings requests are
    /// left alone.
    pub fn answered(&mut self, req: &R, ok_body: Option<&str>, now_ms: u64) {
        let Some(i) = self.in_flight.iter().position(|(r, _)| r == req) else {
            return;
        };
        let (_, key) = self.in_flight.remove(i);
        if let Some(body) = ok_body {
            self.entries.insert(key, (now_ms, body.to_string()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn brackets_stay_literal() {
        let mut query = array_param("status", &["1", "2"]);
        query.extend(array_param("currency", &["USD"]));
        query.extend(q(&[("page", "1")]));
        assert_eq!(
            encode_query(&query),
            "?status[]=1&status[]=2&currency[]=USD&page=1"
        );
        assert_eq!(encode_query(&[]), "");
        assert_eq!(
            encode_query(&q(&[("a b", "x&y=z"), ("k[]x", "é")])),
            "?a%20b=x%26y%3Dz&k%5B%5Dx=%C3%A9"
        );
    }

    #[test]
    fn cache_keeps_fifteen_minutes_per_key() {
        let mut c = SettingsCache::<&str>::default();
        let key = cache_key("/api/settings/currencies", &q(&[("visible", "1")]));
        assert_eq!(key, "/api/settings/currencies?visible=1");
        c.sent("currencies", key.clone());
        assert!(c.in_flight(&key));
        c.answered(&"currencies", Some("[]"), 1_000);
        assert!(!c.in_flight(&key));
        assert_eq!(c.fresh(&key, 1_000 + SETTINGS_TTL_MS - 1), Some("[]"));
        assert_eq!(c.fresh(&key, 1_000 + SETTINGS_TTL_MS), None);
        assert_eq!(c.fresh("/api/settings/currencies", 1_000), None);
        // A failed answer stores nothing; another request's answer is ignored.
        c.sent("locales", "/api/settings/locales".into());
        c.answered(&"profile", Some("{}"), 2_000);
        c.answered(&"locales", None, 2_000);
        assert_eq!(c.fresh("/api/settings/locales", 2_000), None);
    }
}
