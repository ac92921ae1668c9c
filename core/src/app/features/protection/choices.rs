//! The player's own choices kept on the device (issue 30): the reality-check interval, the
//! session length after which launches ask first, and the daily reminder's time of day. Each
//! is one localStorage value mapping player ids to a number (`{"7": 120}`); a value that does
//! not read is off. The reminder's arithmetic on the device's local time is here too. Pure:
//! time is an argument.

use litemap::LiteMap;

/// The session lengths a player may choose (minutes; 0 = off).
pub const LENGTHS: [u32; 5] = [0, 30, 60, 120, 240];

const DAY_MS: i64 = 86_400_000;

/// `{"7": 15}` read as player → value, keeping only the values `valid` accepts.
pub fn read_map(text: &str, valid: impl Fn(u32) -> bool) -> LiteMap<i64, u32> {
    let map: LiteMap<String, u32> = crate::json::from_str(text).unwrap_or_default();
    map.iter()
        .filter_map(|(k, v)| Some((k.parse().ok()?, *v)))
        .filter(|(_, v)| valid(*v))
        .collect()
}

pub fn write_map(map: &LiteMap<i64, u32>) -> String {
    // An empty LiteMap would write as `[]`.
    if map.is_empty() {
        return "{}".into();
    }
    let map: LiteMap<String, u32> = map.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    crate::json::to_string(&map).unwrap_or_default()
}

/// A reminder time as minutes after local midnight (0..1440).
pub fn valid_minute(m: u32) -> bool {
    m < 1440
}

/// `"21:30"` → 1290; anything else → `None`.
pub fn parse_time(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.get(..2)?.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// 1290 → `"21:30"`.
pub fn format_time(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60 % 24, minute % 60)
}

/// The local calendar day (days since 1970-01-01 on the device's clock) of Unix ms `at`.
pub fn local_day(at: u64, offset_minutes: i32) -> i64 {
    local_ms(at, offset_minutes).div_euclid(DAY_MS)
}

fn local_ms(at: u64, offset_minutes: i32) -> i64 {
    i64::try_from(at)
        .unwrap_or(i64::MAX)
        .saturating_add(i64::from(offset_minutes).saturating_mul(60_000))
}

/// The Unix ms of `minute` on the local day of `at`.
fn on_day_of(at: u64, offset_minutes: i32, minute: u32) -> i64 {
    let local = local_ms(at, offset_minutes);
    let midnight = local - local.rem_euclid(DAY_MS);
    midnight + i64::from(minute) * 60_000 - i64::from(offset_minutes) * 60_000
}

/// The last time the local clock showed `minute` at or before `now` (Unix ms).
pub fn last_reminder(now: u64, offset_minutes: i32, minute: u32) -> u64 {
    let today = on_day_of(now, offset_minutes, minute);
    let at = if today <= local_ms(now, 0) {
        today
    } else {
        today - DAY_MS
    };
    u64::try_from(at).unwrap_or(0)
}

/// The next time after `now` the local clock shows `minute` (Unix ms).
pub fn next_reminder(now: u64, offset_minutes: i32, minute: u32) -> u64 {
    last_reminder(now, offset_minutes, minute).saturating_add(DAY_MS as u64)
}
