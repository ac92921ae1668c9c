//! The sportsbook's events in the search box (SPEC §7 `GET /api/game/sport/search`): beside the
//! games, the events whose teams, championship, country or sport hold the typed text, each a
//! link to its event page (`/sport/event/{id}`, which the sportsbook turns into its slug).

use crate::json::Json;

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

/// The events of an answer (`[{id, name, championship: {name, category: {name, sport:
/// {name}}}}]`); an entry without an id or a name is left out, never a panic.
pub fn hits(answer: &Json) -> Vec<Hit> {
    let Some(list) = answer.as_array() else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|e| {
            let id = e.get("id")?.as_i64()?;
            let name = e.get("name")?.as_str()?.trim();
            if name.is_empty() {
                return None;
            }
            let champ = e.get("championship");
            let category = champ.and_then(|c| c.get("category"));
            let sport = category.and_then(|c| c.get("sport"));
            let detail: Vec<&str> = [sport, category, champ]
                .into_iter()
                .filter_map(|v| v?.get("name")?.as_str())
                .filter(|s| !s.trim().is_empty())
                .collect();
            Some(Hit {
                id,
                name: name.to_string(),
                detail: detail.join(" · "),
            })
        })
        .take(MAX_HITS)
        .collect()
}
