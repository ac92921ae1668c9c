//! Hand readers for the sportsbook's wire shapes (SPEC §3 sport info and event info). They read the dynamic JSON value the core already has, instead of a
//! derived deserializer per nested type: about as much code as one struct's visitor for all
//! of them (docs/ARCHITECTURE.md "Size").

use crate::app::wire::str_of as text_of;
use crate::domain::sport::{
    EventCategory, EventChampionship, EventInfo, Named, SportCategory, SportChampionship,
    SportInfoResponse,
};
use crate::json::Json;

/// A whole non-negative number (`1.0` is 1, as in JS).
fn id(v: &Json) -> Option<u64> {
    v.as_u64().or_else(|| {
        v.as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 9.0e15)
            .map(|f| f as u64)
    })
}

fn id_of(v: &Json, key: &str) -> Option<u64> {
    id(v.get(key)?)
}

fn list<T>(v: Option<&Json>, item: impl Fn(&Json) -> Option<T>) -> Vec<T> {
    v.and_then(Json::as_array)
        .map(|a| a.iter().filter_map(item).collect())
        .unwrap_or_default()
}

/// `{id, name}`; the name may be missing.
pub fn named(v: &Json) -> Option<Named> {
    Some(Named {
        id: id_of(v, "id")?,
        name: text_of(v, "name"),
    })
}

/// Sport info: `Categories[]` with `CategoryId`, `Name`, `Championships[]`.
pub fn sport_info(v: &Json) -> Option<SportInfoResponse> {
    let cats = v.get("Categories")?.as_array()?;
    Some(SportInfoResponse {
        categories: cats
            .iter()
            .filter_map(|c| {
                Some(SportCategory {
                    category_id: id_of(c, "CategoryId")?,
                    name: text_of(c, "Name"),
                    championships: list(c.get("Championships"), |ch| {
                        Some(SportChampionship {
                            championship_id: id_of(ch, "ChampionshipId")?,
                            name: text_of(ch, "Name"),
                        })
                    }),
                })
            })
            .collect(),
    })
}

/// Event info: `id, name, championship{id, name, category{id, name, sport{id, name}}}`.
pub fn event_info(v: &Json) -> Option<EventInfo> {
    let ch = v.get("championship")?;
    let cat = ch.get("category")?;
    Some(EventInfo {
        id: id_of(v, "id")?,
        name: text_of(v, "name"),
        championship: EventChampionship {
            id: id_of(ch, "id")?,
            name: text_of(ch, "name"),
            category: EventCategory {
                id: id_of(cat, "id")?,
                name: text_of(cat, "name"),
                sport: named(cat.get("sport")?)?,
            },
        },
    })
}
