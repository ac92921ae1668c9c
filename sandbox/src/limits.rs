//! Brute-force limits: a sliding window of recent attempts per key ("login:acct:<email>",
//! "login:ip:<addr>", ...). Over the limit a caller gets 429 with Retry-After: the seconds until
//! the oldest attempt in the window leaves it.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Attempts allowed per window. Counted are what an attacker repeats: wrong passwords, bad
/// reset codes, reset e-mails and sign-ups; a correct login clears its account's count.
#[derive(Clone, Debug)]
pub struct Limits {
    pub window: Duration,
    /// Wrong passwords per account (e-mail).
    pub login_per_account: usize,
    /// Wrong passwords per client address.
    pub login_per_client: usize,
    /// Sign-ups per client address (each costs a hash).
    pub register_per_client: usize,
    /// Reset e-mails per address asked for.
    pub reset_per_account: usize,
    /// Reset e-mails per client address.
    pub reset_per_client: usize,
    /// Wrong or expired reset codes per client address.
    pub confirm_per_client: usize,
    /// Wrong current passwords per player (password and e-mail changes).
    pub current_password_per_player: usize,
    /// Bonus-code tries per player.
    pub code_per_player: usize,
    /// Code and link sends (`otp/send`, `verify/send`) per player and per address asked about:
    /// each answers whether the address is taken.
    pub lookup_per_player: usize,
    pub lookup_per_address: usize,
    /// Contact-form messages and affiliate applications per client address.
    pub message_per_client: usize,
    /// Document uploads per player.
    pub upload_per_player: usize,
    /// Password hashes running at once; more wait their turn.
    pub hash_concurrency: usize,
    /// Hashes allowed to wait for a turn; beyond that the caller is told to come back.
    pub hash_queue: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            window: Duration::from_secs(15 * 60),
            login_per_account: 5,
            login_per_client: 30,
            // A household or an office behind one address; test suites, which sign up
            // hundreds of players from 127.0.0.1, run with `for_test_suites`.
            register_per_client: 20,
            reset_per_account: 5,
            reset_per_client: 30,
            confirm_per_client: 10,
            current_password_per_player: 5,
            code_per_player: 20,
            lookup_per_player: 10,
            lookup_per_address: 5,
            message_per_client: 10,
            upload_per_player: 20,
            hash_concurrency: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
            hash_queue: 32,
        }
    }
}

impl Limits {
    /// `--test-limits`: a test suite's whole traffic comes from 127.0.0.1, so every limit per
    /// client address is lifted far past what any suite sends; the limits per account, per
    /// player and per address asked about (what one test exercises) stay as in production,
    /// so a suite's growth cannot turn into unrelated 429s and the rules are still tested.
    pub fn for_test_suites() -> Self {
        const MANY: usize = 100_000;
        Limits {
            login_per_client: MANY,
            register_per_client: MANY,
            reset_per_client: MANY,
            confirm_per_client: MANY,
            message_per_client: MANY,
            ..Limits::default()
        }
    }
}

/// The sliding windows. Keys are dropped when their window empties, so memory stays bounded by
/// recent traffic.
#[derive(Default)]
pub struct Limiter {
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Limiter {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, VecDeque<Instant>>> {
        self.hits.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `Err(seconds)` when `key` already has `max` attempts in the window.
    pub fn check(&self, key: &str, max: usize, window: Duration) -> Result<(), u64> {
        Self::check_in(&mut self.map(), key, max, window)
    }

    fn check_in(
        map: &mut HashMap<String, VecDeque<Instant>>,
        key: &str,
        max: usize,
        window: Duration,
    ) -> Result<(), u64> {
        let now = Instant::now();
        let Some(q) = map.get_mut(key) else {
            return Ok(());
        };
        while q.front().is_some_and(|t| now.duration_since(*t) >= window) {
            q.pop_front();
        }
        if q.is_empty() {
            map.remove(key);
            return Ok(());
        }
        match q.front() {
            Some(oldest) if q.len() >= max => {
                let left = window.saturating_sub(now.duration_since(*oldest));
                let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
                Err(secs.max(1))
            }
            _ => Ok(()),
        }
    }

    /// Records one attempt.
    pub fn hit(&self, key: &str) {
        self.map()
            .entry(key.to_string())
            .or_default()
            .push_back(Instant::now());
    }

    /// Checks, then records, under one lock: for limits that count every attempt, and to
    /// reserve an attempt before the work (parallel callers cannot all pass the check).
    pub fn take(&self, key: &str, max: usize, window: Duration) -> Result<(), u64> {
        let mut map = self.map();
        Self::check_in(&mut map, key, max, window)?;
        map.entry(key.to_string())
            .or_default()
            .push_back(Instant::now());
        Ok(())
    }

    /// Gives back the newest attempt of `key` (a reservation that turned out not to count).
    pub fn release(&self, key: &str) {
        let mut map = self.map();
        if let Some(q) = map.get_mut(key) {
            q.pop_back();
            if q.is_empty() {
                map.remove(key);
            }
        }
    }

    pub fn clear(&self, key: &str) {
        self.map().remove(key);
    }
}

/// The key of a client: its address (the sandbox listens on loopback only, so locally every
/// client is one; the per-account limits are what protect a player there).
pub fn client_key(kind: &str, ip: IpAddr) -> String {
    format!("{kind}:ip:{ip}")
}

/// The key of an account: the e-mail as the login compares it (case-insensitive).
pub fn account_key(kind: &str, email: &str) -> String {
    format!("{kind}:acct:{}", email.trim().to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_fills_then_empties() {
        let l = Limiter::default();
        let w = Duration::from_millis(50);
        for _ in 0..3 {
            assert_eq!(l.take("k", 3, w), Ok(()));
        }
        let wait = l.check("k", 3, w).unwrap_err();
        assert_eq!(wait, 1, "rounded up to a whole second");
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(l.check("k", 3, w), Ok(()));
        l.hit("k");
        l.clear("k");
        assert_eq!(l.check("k", 1, w), Ok(()));
    }
}
