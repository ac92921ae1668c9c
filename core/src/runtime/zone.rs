//! The device's time zone, measured once at boot (`domain::zone::Zone::probe` over
//! `Date.getTimezoneOffset`): from about 3 years back to a year ahead, so a date the API gives
//! is shown in the offset it had then (SPEC §9 date formats).

use crate::domain::zone::Zone;

const YEAR_SECS: i64 = 365 * 86_400;

/// The device's offset (minutes east of UTC) at unix seconds `secs`.
pub fn offset_at(secs: i64) -> i32 {
    let ms = (secs as f64) * 1000.0;
    -(js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms)).get_timezone_offset() as i32)
}

/// The table around `now_secs`: 3 years back, 1 year ahead.
pub fn device_zone(now_secs: i64) -> Zone {
    Zone::probe(now_secs - 3 * YEAR_SECS, now_secs + YEAR_SECS, offset_at)
}
