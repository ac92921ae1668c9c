//! From a sportsbook address to what the widget shows (SPEC §2 "Sportsbook routes").
//!
//! The address names things by slug; the widget wants ids. Sports come from the static
//! catalogue, categories and championships from `categoryIds` / `championshipIds` when given,
//! else from the sport info response (SPEC §3), found by slug or id; events carry their id in
//! the path or in `?eventId=`. `/sport/event/{id}` needs the event info. Anything that names
//! something unknown falls back to `/sport` (SPEC §8).

use super::{
    find_by_segment, parse_id_list, sport_by_code, sport_by_id, Named, SportInfoResponse,
    SportPage, SportPath, SportRoute, SportSelection,
};

/// What resolving an address needs or gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// The widget's route.
    Ready(SportSelection),
    /// The sport info of this sport id is needed first.
    NeedInfo(u32),
    /// The event info of this event id is needed first (`/sport/event/{id}`).
    NeedEvent(u64),
    /// Unknown sport, category or championship, or a malformed address: go to `/sport`.
    Fallback,
}

/// The catalogue id of a sport segment: its code, or the id a nameless sport is written as.
fn sport_id_of(segment: &str) -> Option<u32> {
    sport_by_code(segment).map(|s| s.id).or_else(|| {
        parse_id_list(segment)
            .first()
            .and_then(|id| u32::try_from(*id).ok())
            .filter(|id| sport_by_id(*id).is_some() && segment == id.to_string())
    })
}

fn unnamed(ids: &[u64]) -> Vec<Named> {
    ids.iter()
        .map(|id| Named {
            id: *id,
            name: String::new(),
        })
        .collect()
}

/// Resolves `route`; `info(sport_id)` gives the cached sport info, if loaded.
pub fn resolve<'a>(
    route: &SportRoute,
    info: impl Fn(u32) -> Option<&'a SportInfoResponse>,
) -> Resolved {
    let p: &SportPath = match route {
        SportRoute::Fallback => return Resolved::Fallback,
        SportRoute::Event { event_id } => return Resolved::NeedEvent(*event_id),
        SportRoute::Page(p) => p,
    };
    let sport_id = match (p.page.implied_sport_id(), &p.sport) {
        (Some(id), _) => Some(id),
        (None, Some(code)) => match sport_id_of(code) {
            Some(id) => Some(id),
            None => return Resolved::Fallback,
        },
        (None, None) => None,
    };
    let mut sel = SportSelection {
        page: p.page,
        sport_id,
        categories: unnamed(&p.category_ids),
        championships: unnamed(&p.championship_ids),
        event: None,
    };
    let needs_info = (p.category.is_some() && p.category_ids.is_empty())
        || (p.championship.is_some() && p.championship_ids.is_empty());
    if needs_info {
        let Some(id) = sport_id else {
            return Resolved::Fallback;
        };
        let Some(info) = info(id) else {
            return Resolved::NeedInfo(id);
        };
        let cats: Vec<Named> = info
            .categories
            .iter()
            .map(|c| Named {
                id: c.category_id,
                name: c.name.clone(),
            })
            .collect();
        let Some(cat) = p
            .category
            .as_deref()
            .and_then(|seg| find_by_segment(&cats, seg))
        else {
            return Resolved::Fallback;
        };
        if sel.categories.is_empty() {
            sel.categories = vec![cat.clone()];
        }
        if let Some(seg) = &p.championship {
            let mut champs = Vec::new();
            for c in &info.categories {
                if c.category_id == cat.id {
                    for ch in &c.championships {
                        champs.push(Named {
                            id: ch.championship_id,
                            name: ch.name.clone(),
                        });
                    }
                }
            }
            let Some(ch) = find_by_segment(&champs, seg) else {
                return Resolved::Fallback;
            };
            if sel.championships.is_empty() {
                sel.championships = vec![ch.clone()];
            }
        }
    }
    sel.event = match (&p.event, p.event_id) {
        (Some(e), _) => Some(Named {
            id: e.id,
            name: e.slug.clone(),
        }),
        (None, Some(id)) => Some(Named {
            id,
            name: String::new(),
        }),
        (None, None) => None,
    };
    if sel.page == SportPage::Esports {
        sel.sport_id = Some(super::ESPORTS_SPORT_ID);
    }
    Resolved::Ready(sel)
}
