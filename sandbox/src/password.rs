//! Password hashing with argon2id (PHC strings, so the parameters travel with each hash).

use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};

/// `Default` is argon2's recommended cost; `Fast` exists because unoptimised test builds
/// would spend seconds per hash. A hash made with either verifies under both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashCost {
    Default,
    Fast,
}

fn hasher(cost: HashCost) -> Argon2<'static> {
    let params = match cost {
        HashCost::Default => Params::DEFAULT,
        // 1 MiB, one pass: still a real argon2id hash, just cheap.
        HashCost::Fast => Params::new(1024, 1, 1, None).unwrap_or(Params::DEFAULT),
    };
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Returns the PHC string. Fails only if the OS random source fails.
pub fn hash(password: &str, cost: HashCost) -> Result<String, String> {
    hasher(cost)
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| format!("password hashing failed: {e}"))
}

/// False for a wrong password and for a malformed stored hash.
pub fn verify(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_then_verify() {
        let h = hash("correct horse", HashCost::Fast).unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse", &h));
        assert!(!verify("wrong horse", &h));
        assert!(!verify("x", "not a hash"));
    }
}
