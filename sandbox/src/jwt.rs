//! HS256 JSON Web Tokens.
//!
//! Hand-rolled on `hmac` + `sha2` rather than the `jsonwebtoken` crate: we need only HS256, and
//! that crate's crypto backends drag in RSA/ECDSA/ed25519 code we would never call. Expiry is
//! deliberately not checked here: refresh must accept an expired token whose signature is good,
//! so callers decide what `exp` means.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Player id, as a string per RFC 7519.
    pub sub: String,
    /// The session's public id (random, unguessable).
    pub sid: String,
    /// The session's token generation: a refresh moves to the next and retires this token.
    #[serde(default)]
    pub gen: i64,
    pub iat: i64,
    pub exp: i64,
}

impl Claims {
    pub fn player_id(&self) -> Option<i64> {
        self.sub.parse().ok()
    }
}

#[derive(Deserialize)]
struct Header {
    alg: String,
}

const HEADER_JSON: &str = r#"{"alg":"HS256","typ":"JWT"}"#;

pub fn sign(secret: &[u8], claims: &Claims) -> String {
    let header = URL_SAFE_NO_PAD.encode(HEADER_JSON);
    // Serializing a struct of strings and integers cannot fail.
    let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims).unwrap_or_default());
    let signing_input = format!("{header}.{payload}");
    let sig = mac(secret, signing_input.as_bytes())
        .finalize()
        .into_bytes();
    format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(sig))
}

/// Checks structure, algorithm and signature; returns the claims without judging `exp`.
pub fn verify(secret: &[u8], token: &str) -> Option<Claims> {
    let mut parts = token.split('.');
    let (h, p, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let header: Header = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(h).ok()?).ok()?;
    // Pinning the algorithm blocks "alg: none" and algorithm-confusion tricks.
    if header.alg != "HS256" {
        return None;
    }
    let sig = URL_SAFE_NO_PAD.decode(s).ok()?;
    let signing_input = &token[..h.len() + 1 + p.len()];
    // verify_slice compares in constant time.
    mac(secret, signing_input.as_bytes())
        .verify_slice(&sig)
        .ok()?;
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(p).ok()?).ok()
}

fn mac(secret: &[u8], data: &[u8]) -> HmacSha256 {
    // HMAC accepts keys of any length, so this never fails.
    let mut m = <HmacSha256 as Mac>::new_from_slice(secret).expect("HMAC takes any key length");
    m.update(data);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims() -> Claims {
        Claims {
            sub: "7".into(),
            sid: "3f".into(),
            gen: 0,
            iat: 1_700_000_000,
            exp: 1_700_003_600,
        }
    }

    #[test]
    fn round_trip() {
        let t = sign(b"secret", &claims());
        assert_eq!(t.split('.').count(), 3);
        assert_eq!(verify(b"secret", &t), Some(claims()));
        assert_eq!(claims().player_id(), Some(7));
    }

    #[test]
    fn rejects_wrong_secret_and_tampering() {
        let t = sign(b"secret", &claims());
        assert_eq!(verify(b"other", &t), None);
        let mut parts: Vec<String> = t.split('.').map(String::from).collect();
        let forged = Claims {
            sub: "8".into(),
            ..claims()
        };
        parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
        assert_eq!(verify(b"secret", &parts.join(".")), None);
        assert_eq!(verify(b"secret", "a.b"), None);
        assert_eq!(verify(b"secret", "a.b.c.d"), None);
        assert_eq!(verify(b"secret", ""), None);
    }

    #[test]
    fn rejects_alg_none() {
        let h = URL_SAFE_NO_PAD.encode(r#"{"alg":"none"}"#);
        let p = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims()).unwrap());
        assert_eq!(verify(b"secret", &format!("{h}.{p}.")), None);
    }
}
