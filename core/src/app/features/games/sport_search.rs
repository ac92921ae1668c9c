//! The sportsbook's events in the search box (SPEC §7 `GET /api/game/sport/search`): beside the
//! games, the events whose teams, championship, country or sport hold the typed text, each a
//! link to its event page (`/sport/event/{id}`, which the sportsbook turns into its slug).

use crate::json::{lenient, lenient_items, Json};
use serde::Deserialize;

/// The platform's sport search wants at least two characters.
pub const MIN_CHARS: usize = 2;
/// Events shown at most.
pub const MAX_HITS: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub id: i64,
    pub name: String,
    /// "Sport · Country · Championship", what is known of it.
    pub detail: String,
}

/// Whether the box's text is worth asking the sportsbook about.
pub fn asks(query: &str) -> bool {
    let q = query.trim();
    q.chars().count() >= MIN_CHARS && !super::search::words(q).is_empty()
}

/// An event of the answer: `{id, name, championship: {name, category: {name, sport: {name}}}}`;
/// the id and name are needed.
#[derive(Deserialize)]
struct Event {
    id: i64,
    name: String,
    #[serde(default, deserialize_with = "lenient")]
    championship: Option<Part>,
}

/// A championship, its category or its sport: a name, and what it belongs to. An odd part
/// reads as unnamed.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Part {
    #[serde(deserialize_with = "lenient")]
    name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    category: Option<Box<Part>>,
    #[serde(deserialize_with = "lenient")]
    sport: Option<Box<Part>>,
}

/// The events of an answer; an entry without an id or a name is left out, never a panic.
pub fn hits(answer: &Json) -> Vec<Hit> {
    let events: Vec<Event> = lenient_items(answer).unwrap_or_default();
    events
        .into_iter()
        .filter_map(|e| {
            let name = e.name.trim();
            if name.is_empty() {
                return None;
            }
            let champ = e.championship.as_ref();
            let category = champ.and_then(|c| c.category.as_deref());
            let sport = category.and_then(|c| c.sport.as_deref());
            let detail: Vec<&str> = [sport, category, champ]
                .into_iter()
                .filter_map(|p| p?.name.as_deref())
                .filter(|s| !s.trim().is_empty())
                .collect();
            Some(Hit {
                id: e.id,
                name: name.to_string(),
                detail: detail.join(" · "),
            })
        })
        .take(MAX_HITS)
        .collect()
}
