//! GET /api/settings/constants. Numbers follow SPEC §4 where it fixes them; names are the
//! keys a client looks up.

use serde_json::{json, Value};

const TIME_ZONES: &[(&str, &str)] = &[
    ("Pacific/Honolulu", "(UTC-10:00) Hawaii"),
    ("America/Anchorage", "(UTC-09:00) Alaska"),
    ("America/Los_Angeles", "(UTC-08:00) Pacific Time"),
    ("America/Denver", "(UTC-07:00) Mountain Time"),
    ("America/Chicago", "(UTC-06:00) Central Time"),
    ("America/Mexico_City", "(UTC-06:00) Mexico City"),
    ("America/New_York", "(UTC-05:00) Eastern Time"),
    ("America/Bogota", "(UTC-05:00) Bogota, Lima"),
    ("America/Santiago", "(UTC-04:00) Santiago"),
    ("America/Sao_Paulo", "(UTC-03:00) Sao Paulo"),
    ("America/Argentina/Buenos_Aires", "(UTC-03:00) Buenos Aires"),
    ("Atlantic/Azores", "(UTC-01:00) Azores"),
    ("UTC", "(UTC+00:00) Coordinated Universal Time"),
    ("Europe/Lisbon", "(UTC+00:00) Lisbon"),
    ("Europe/Berlin", "(UTC+01:00) Berlin, Madrid, Rome"),
    ("Africa/Lagos", "(UTC+01:00) Lagos"),
    ("Europe/Kyiv", "(UTC+02:00) Kyiv"),
    ("Europe/Athens", "(UTC+02:00) Athens, Bucharest"),
    ("Africa/Cairo", "(UTC+02:00) Cairo"),
    ("Africa/Johannesburg", "(UTC+02:00) Johannesburg"),
    ("Europe/Istanbul", "(UTC+03:00) Istanbul"),
    ("Europe/Moscow", "(UTC+03:00) Moscow"),
    ("Africa/Nairobi", "(UTC+03:00) Nairobi"),
    ("Asia/Dubai", "(UTC+04:00) Dubai"),
    ("Asia/Baku", "(UTC+04:00) Baku, Tbilisi, Yerevan"),
    ("Asia/Tashkent", "(UTC+05:00) Tashkent"),
    ("Asia/Karachi", "(UTC+05:00) Karachi"),
    ("Asia/Kolkata", "(UTC+05:30) Mumbai, New Delhi"),
    ("Asia/Almaty", "(UTC+05:00) Almaty"),
    ("Asia/Dhaka", "(UTC+06:00) Dhaka"),
    ("Asia/Bangkok", "(UTC+07:00) Bangkok, Hanoi, Jakarta"),
    ("Asia/Manila", "(UTC+08:00) Manila"),
    ("Asia/Singapore", "(UTC+08:00) Singapore, Kuala Lumpur"),
    ("Asia/Tokyo", "(UTC+09:00) Tokyo"),
    ("Asia/Seoul", "(UTC+09:00) Seoul"),
    ("Australia/Sydney", "(UTC+10:00) Sydney"),
    ("Pacific/Auckland", "(UTC+12:00) Auckland"),
];

pub fn constants() -> Value {
    let time_zones: Vec<Value> = TIME_ZONES
        .iter()
        .map(|(id, name)| json!({ "id": id, "name": name }))
        .collect();
    json!({
        "playerStatuses": { "active": 1, "blocked": 2, "selfExcluded": 3, "coolingOff": 4 },
        "timeZones": time_zones,
        "invoiceStatuses": { "pending": 1, "success": 2, "error": 3 },
        "invoiceTypes": { "deposit": 1, "withdrawal": 2 },
        "betStatuses": { "unsettled": 1, "won": 2, "lost": 3, "refunded": 4, "cashedOut": 5 },
        "documentStatuses": { "pending": 1, "approved": 2, "declined": 3 },
        "bonusStatuses": { "issued": 1, "active": 2, "finished": 3 },
        "bonusResults": {
            "unspecified": 1, "played": 2, "canceled": 3, "expired": 4, "wagerExpired": 5
        },
        "freespinStatuses": { "issued": 1, "active": 2, "finished": 3 },
        "freespinResults": { "unspecified": 1, "played": 2, "canceled": 3, "expired": 4 },
        "accountStatuses": { "active": 1, "inactive": 2 },
        "limitDefinitions": {
            "bet": 1, "loss": 2, "deposit": 3, "selfExclusion": 4, "coolingOff": 5
        },
    })
}
