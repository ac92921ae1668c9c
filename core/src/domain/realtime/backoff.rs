//! Reconnect delays: exponential backoff with full jitter, as centrifuge-js computes them
//! (`min + random(0 ..= min(max, min * 2^step))`, capped at `max`). The randomness is an
//! argument, so the bounds are testable.

use super::{BACKOFF_MAX_MS, BACKOFF_MIN_MS};

/// The jitter range's upper end for attempt `step` (0-based): `min(max, min * 2^step)`.
/// Non-decreasing in `step`.
pub fn cap(step: u32) -> u32 {
    let factor = 1u64 << step.min(31);
    let raw = u64::from(BACKOFF_MIN_MS).saturating_mul(factor);
    raw.min(u64::from(BACKOFF_MAX_MS)) as u32
}

/// Delay before reconnect attempt `step`, with `random` in `[0, 1)` (anything else is
/// clamped; NaN counts as 0). Always within `BACKOFF_MIN_MS..=BACKOFF_MAX_MS`.
pub fn delay(step: u32, random: f64) -> u32 {
    let r = if random.is_nan() {
        0.0
    } else {
        random.clamp(0.0, 1.0)
    };
    let span = cap(step);
    // random(0 ..= span): the float product stays below span + 1.
    let jitter = ((f64::from(span) + 1.0) * r) as u64;
    let jitter = jitter.min(u64::from(span));
    (u64::from(BACKOFF_MIN_MS) + jitter).min(u64::from(BACKOFF_MAX_MS)) as u32
}

/// A small xorshift generator, so a reconnect storm across tabs spreads out without a clock
/// read or a JS call inside the pure client. Seeded from the time of the first use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Jitter(u64);

impl Jitter {
    /// The next value in `[0, 1)`.
    pub fn next(&mut self, seed_ms: u64) -> f64 {
        if self.0 == 0 {
            self.0 = seed_ms.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        }
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_steps() {
        assert_eq!(cap(0), 500);
        assert_eq!(cap(1), 1000);
        assert_eq!(cap(5), 16_000);
        assert_eq!(cap(6), 20_000);
        assert_eq!(cap(u32::MAX), 20_000);
        assert_eq!(delay(0, 0.0), 500);
        assert_eq!(delay(0, 0.999_999), 1000);
        assert_eq!(delay(10, 0.999_999), 20_000);
        assert_eq!(delay(3, f64::NAN), 500);
        assert_eq!(delay(3, 7.0), 4_500);
    }

    #[test]
    fn jitter_is_in_unit_range() {
        let mut j = Jitter::default();
        for i in 0..1000 {
            let r = j.next(1_700_000_000_000 + i);
            assert!((0.0..1.0).contains(&r));
        }
    }
}
