//! Session token rules (SPEC §4 Session, §9): expiry margin, stored lifetime, refresh lock
//! timing. The JWT is read, never verified: the server verifies, the client only needs `exp`.

/// A token counts as expired this long before its `exp` (SPEC §9: 10 s).
pub const EXPIRY_MARGIN_MS: u64 = 10_000;
/// The token is stored for 365 days (SPEC §9).
pub const TOKEN_STORAGE_DAYS: u32 = 365;
/// Storage key of the token (SPEC §7).
pub const TOKEN_KEY: &str = "access_token";
/// Cross-tab refresh lock key, and how long a second tab waits for it (SPEC §9).
pub const REFRESH_LOCK_KEY: &str = "refreshSession";
pub const REFRESH_WAIT_POLLS: u32 = 10;
pub const REFRESH_POLL_MS: u64 = 500;

/// `exp` (seconds since the epoch) of a JWT, or None when the token is not a readable JWT.
pub fn token_exp(token: &str) -> Option<u64> {
    claim_secs(token, "exp")
}

/// `iat` (seconds since the epoch, the server's clock when it issued the token), if written.
pub fn token_iat(token: &str) -> Option<u64> {
    claim_secs(token, "iat")
}

/// How far the device's clock runs ahead of the server's (negative: behind), read from a token
/// the server has just issued (`iat`) at the device's `now_ms`; 0 when the token has no `iat`.
/// Expiry is then judged on the server's clock: a device set an hour or more ahead would
/// otherwise see every fresh token as expired and refresh before each call.
pub fn clock_ahead_ms(fresh_token: &str, now_ms: u64) -> i64 {
    match token_iat(fresh_token) {
        Some(iat) => (now_ms as i64).saturating_sub((iat as i64).saturating_mul(1000)),
        None => 0,
    }
}

/// A whole-seconds claim of a JWT.
fn claim_secs(token: &str, name: &str) -> Option<u64> {
    let mut parts = token.split('.');
    let (_header, payload, _sig) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let bytes = base64url_decode(payload)?;
    let claims = crate::json::parse(std::str::from_utf8(&bytes).ok()?).ok()?;
    match claims.get(name)? {
        crate::json::Json::Number(n) => n.as_u64().or_else(|| {
            // Some issuers write exp as a float; whole seconds are what matters.
            n.as_f64()
                .filter(|f| f.is_finite() && *f >= 0.0 && *f < 1e15)
                .map(|f| f as u64)
        }),
        _ => None,
    }
}

/// True when the token must be refreshed before use at `now_ms`. An unreadable token is
/// expired: using it would only earn a 401.
pub fn is_expired(token: &str, now_ms: u64) -> bool {
    match token_exp(token) {
        Some(exp) => now_ms.saturating_add(EXPIRY_MARGIN_MS) >= exp.saturating_mul(1000),
        None => true,
    }
}

fn base64url_decode(input: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0u32;
    for c in input.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(s: &str) -> String {
        const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let b = s.as_bytes();
        let mut out = String::new();
        for chunk in b.chunks(3) {
            let n =
                chunk.iter().fold(0u32, |a, &x| (a << 8) | u32::from(x)) << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    pub fn jwt(claims: &str) -> String {
        format!(
            "{}.{}.sig",
            b64(r#"{"alg":"HS256","typ":"JWT"}"#),
            b64(claims)
        )
    }

    #[test]
    fn reads_exp() {
        assert_eq!(
            token_exp(&jwt(r#"{"sub":"1","exp":1700000000}"#)),
            Some(1_700_000_000)
        );
        // Some issuers write a float: natively serde_json reads it as one (in the browser
        // the engine's number is whole already, so only this test reaches that branch).
        assert_eq!(
            token_exp(&jwt(r#"{"exp":1700000000.0}"#)),
            Some(1_700_000_000)
        );
        assert_eq!(
            token_exp(&jwt(r#"{"exp":1700000000.7}"#)),
            Some(1_700_000_000)
        );
        assert_eq!(token_exp(&jwt(r#"{"exp":-5.0}"#)), None);
        assert_eq!(token_exp(&jwt(r#"{"sub":"1"}"#)), None);
        assert_eq!(token_exp(&jwt(r#"{"exp":"soon"}"#)), None);
        assert_eq!(token_exp("not-a-jwt"), None);
        assert_eq!(token_exp("a.b"), None);
        assert_eq!(token_exp("a.%%%.c"), None);
    }

    #[test]
    fn expired_ten_seconds_early() {
        let t = jwt(r#"{"exp":1000}"#);
        assert!(!is_expired(&t, 989_999));
        assert!(is_expired(&t, 990_000));
        assert!(is_expired(&t, 2_000_000));
        assert!(is_expired("garbage", 0));
    }

    proptest::proptest! {
        /// Oracle: a readable token is expired exactly from 10 s before its exp.
        #[test]
        fn expiry_matches_the_margin_rule(exp in 0u64..4_000_000_000, now in 0u64..4_000_000_000_000) {
            let t = jwt(&format!(r#"{{"exp":{exp}}}"#));
            proptest::prop_assert_eq!(token_exp(&t), Some(exp));
            proptest::prop_assert_eq!(is_expired(&t, now), now + 10_000 >= exp * 1000);
        }

        /// Oracle: any text is a readable token or counts as expired (an unreadable cookie is
        /// never taken for a live session).
        #[test]
        fn any_text_is_a_readable_token_or_expired(s in ".*", now in proptest::num::u64::ANY) {
            if token_exp(&s).is_none() {
                proptest::prop_assert!(is_expired(&s, now));
            }
        }
    }
}
