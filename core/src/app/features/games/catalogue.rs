//! What the client knows of the platform's games, read from the SPEC §7 answers as they come:
//! `collections` (at app creation), `providers`, `games/features`, and every Game a
//! `games` page, a lobby row, the favourites or the played games brought (kept once, by
//! identity). Lists and the search index name games by their place here.

use crate::domain::geo::GameCollection;
use crate::json::{lenient, lenient_items, lenient_whole, whole_id, Json};
use serde::Deserialize;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Provider {
    pub identity: String,
    pub name: String,
    /// `gamesCount` from the providers call (0 until it answered).
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    pub info: GameCollection,
    pub name: String,
    pub count: u32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Game {
    /// The platform's game id (bonuses and quests name games by it).
    pub id: u64,
    pub identity: String,
    pub name: String,
    pub provider: u16,
    pub flags: u8,
}

pub const HAS_DEMO: u8 = 1;
pub const DESKTOP_ONLY: u8 = 2;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalogue {
    pub providers: Vec<Provider>,
    pub collections: Vec<Collection>,
    /// (id, name)
    pub features: Vec<(u32, String)>,
    /// In the order they arrived.
    pub games: Vec<Game>,
    /// (identity, place in `games`), sorted by identity.
    lookup: Vec<(String, u32)>,
}

/// A game's address name from its display name: folded words joined by `-`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for w in super::search::words(name) {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&w);
    }
    out
}

/// A Game as the platform sends it (SPEC §3): in `games` pages, lobby rows, the favourites,
/// the played games, the search, a game's own answer, a winner. Every field reads as none when
/// absent or odd; each use asks for what it needs.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GameAnswer {
    #[serde(deserialize_with = "lenient_whole")]
    pub id: u64,
    #[serde(deserialize_with = "lenient")]
    pub identity: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub provider: Option<ProviderRef>,
    #[serde(deserialize_with = "lenient")]
    pub has_demo: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub is_mobile: Option<bool>,
}

/// A Game's `provider: {identity, name}`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ProviderRef {
    #[serde(deserialize_with = "lenient")]
    pub identity: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub name: Option<String>,
}

impl GameAnswer {
    pub fn provider_identity(&self) -> Option<&str> {
        self.provider.as_ref()?.identity.as_deref()
    }

    pub fn provider_name(&self) -> Option<&str> {
        self.provider.as_ref()?.name.as_deref()
    }
}

/// The Games of a list answer; not a list: none.
pub fn games(list: &Json) -> Vec<GameAnswer> {
    lenient_items(list).unwrap_or_default()
}

/// One `games` page (`{data: [..], meta: {totalRows, totalPages}}`): `totalRows` is needed.
#[derive(Deserialize)]
pub struct Page {
    pub data: Vec<Json>,
    pub meta: PageMeta,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageMeta {
    #[serde(deserialize_with = "whole_id")]
    pub total_rows: u32,
    #[serde(default, deserialize_with = "lenient_whole")]
    pub total_pages: u32,
}

pub fn page(answer: &Json) -> Option<Page> {
    Page::deserialize(answer).ok()
}

/// A collection of `GET /api/game/collections`: identity and name are needed.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CollectionAnswer {
    identity: String,
    name: String,
    #[serde(default, deserialize_with = "lenient")]
    is_hidden: bool,
    /// Items that are not texts are left out.
    #[serde(default, deserialize_with = "lenient_items")]
    countries: Vec<String>,
    #[serde(default, deserialize_with = "lenient_whole")]
    games_count: u32,
}

/// A provider of `GET /api/game/providers`: identity and name are needed.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProviderAnswer {
    identity: String,
    name: String,
    #[serde(default, deserialize_with = "lenient_whole")]
    games_count: u32,
}

/// A feature of `GET /api/game/games/features`: both fields are needed.
#[derive(Deserialize)]
struct FeatureAnswer {
    #[serde(deserialize_with = "whole_id")]
    id: u32,
    name: String,
}

impl Catalogue {
    pub fn game(&self, identity: &str) -> Option<usize> {
        self.lookup
            .binary_search_by(|(k, _)| k.as_str().cmp(identity))
            .ok()
            .and_then(|i| self.lookup.get(i))
            .map(|(_, g)| *g as usize)
    }

    /// The game with the platform's id `id`.
    pub fn by_id(&self, id: u64) -> Option<&Game> {
        self.games.iter().find(|g| g.id == id)
    }

    pub fn collection(&self, identity: &str) -> Option<usize> {
        self.collections
            .iter()
            .position(|c| c.info.identity == identity)
    }

    pub fn provider(&self, identity: &str) -> Option<usize> {
        self.providers.iter().position(|p| p.identity == identity)
    }

    /// The provider's place, added when new.
    fn provider_in(&mut self, identity: &str, name: &str) -> u16 {
        let at = self.provider(identity).unwrap_or_else(|| {
            self.providers.push(Provider {
                identity: identity.to_string(),
                name: name.to_string(),
                count: 0,
            });
            self.providers.len() - 1
        });
        u16::try_from(at).unwrap_or(u16::MAX)
    }

    /// `GET /api/game/collections`: every collection (the view leaves out hidden ones and
    /// ones not for the visitor's country). False when the answer is not a list.
    pub fn read_collections(&mut self, answer: &Json) -> bool {
        let Some(list) = answer.as_array() else {
            return false;
        };
        self.collections = list
            .iter()
            .filter_map(|c| CollectionAnswer::deserialize(c).ok())
            .map(|c| Collection {
                info: GameCollection {
                    identity: c.identity,
                    is_hidden: c.is_hidden,
                    countries: c.countries,
                },
                name: c.name,
                count: c.games_count,
            })
            .collect();
        true
    }

    /// `GET /api/game/providers` (all) or `providers/{id}` (one): names and game counts.
    pub fn read_providers(&mut self, answer: &Json) -> Option<usize> {
        let one = std::slice::from_ref(answer);
        let list = answer.as_array().map_or(one, Vec::as_slice);
        let mut last = None;
        for p in list {
            let Ok(p) = ProviderAnswer::deserialize(p) else {
                continue;
            };
            let at = usize::from(self.provider_in(&p.identity, &p.name));
            if let Some(pr) = self.providers.get_mut(at) {
                pr.name = p.name;
                pr.count = p.games_count;
            }
            last = Some(at);
        }
        last
    }

    /// `GET /api/game/games/features`.
    pub fn read_features(&mut self, answer: &Json) -> bool {
        let Some(list) = answer.as_array() else {
            return false;
        };
        self.features = list
            .iter()
            .filter_map(|f| FeatureAnswer::deserialize(f).ok())
            .map(|f| (f.id, f.name))
            .collect();
        true
    }

    /// Keeps the Games of an answer (new ones added, known ones left as they are) and gives
    /// their places, in the answer's order; malformed entries are skipped.
    pub fn add(&mut self, games: &[Json]) -> Vec<u32> {
        let read: Vec<GameAnswer> = games
            .iter()
            .filter_map(|g| GameAnswer::deserialize(g).ok())
            .collect();
        let kept = read.iter().filter_map(|g| {
            let identity = g.identity.as_deref().filter(|s| !s.is_empty())?;
            let name = g.name.as_deref().filter(|s| !s.is_empty())?;
            let mut flags = 0;
            if g.has_demo == Some(true) {
                flags |= HAS_DEMO;
            }
            if g.is_mobile == Some(false) {
                flags |= DESKTOP_ONLY;
            }
            let game = Game {
                id: g.id,
                identity: identity.to_string(),
                name: name.to_string(),
                provider: 0,
                flags,
            };
            Some((
                game,
                g.provider_identity().unwrap_or_default(),
                g.provider_name().unwrap_or_default(),
            ))
        });
        self.add_games(kept)
    }

    /// Keeps `games` (each with its provider's identity and name; the Game's own `provider` is
    /// ignored): new ones added, known ones left as they are; their places, in order.
    pub fn add_games<'a>(
        &mut self,
        games: impl Iterator<Item = (Game, &'a str, &'a str)>,
    ) -> Vec<u32> {
        let items: Vec<(Game, &str, &str)> = games.collect();
        // A game twice in one batch is kept once: each item's first occurrence, found through
        // the batch sorted by identity (a 20,000-game record is one batch).
        let mut by_identity: Vec<usize> = (0..items.len()).collect();
        by_identity.sort_by(|&a, &b| {
            let id = |i: usize| items.get(i).map_or("", |it| it.0.identity.as_str());
            id(a).cmp(id(b)).then(a.cmp(&b))
        });
        let mut first_of: Vec<usize> = (0..items.len()).collect();
        for pair in by_identity.windows(2) {
            let &[a, b] = pair else {
                continue;
            };
            let (Some(x), Some(y)) = (items.get(a), items.get(b)) else {
                continue;
            };
            if x.0.identity == y.0.identity {
                let first = first_of.get(a).copied().unwrap_or(a);
                if let Some(f) = first_of.get_mut(b) {
                    *f = first;
                }
            }
        }
        let mut out: Vec<u32> = Vec::with_capacity(items.len());
        let mut fresh: Vec<(String, u32)> = Vec::new();
        for (i, (mut game, pid, pname)) in items.into_iter().enumerate() {
            let first = first_of.get(i).copied().unwrap_or(i);
            let known = self
                .game(&game.identity)
                .map(|at| at as u32)
                .or_else(|| (first != i).then(|| out.get(first).copied()).flatten());
            if let Some(at) = known {
                out.push(at);
                continue;
            }
            game.provider = self.provider_in(pid, pname);
            let at = self.games.len() as u32;
            fresh.push((game.identity.clone(), at));
            self.games.push(game);
            out.push(at);
        }
        if !fresh.is_empty() {
            // One merge per answer: pages of a 20,000-game sweep stay linear.
            fresh.sort();
            let old = std::mem::take(&mut self.lookup);
            let mut merged = Vec::with_capacity(old.len() + fresh.len());
            let mut a = old.into_iter().peekable();
            let mut b = fresh.into_iter().peekable();
            loop {
                let take_a = match (a.peek(), b.peek()) {
                    (Some(x), Some(y)) => x.0 <= y.0,
                    (Some(_), None) => true,
                    (None, Some(_)) => false,
                    (None, None) => break,
                };
                let next = if take_a { a.next() } else { b.next() };
                merged.extend(next);
            }
            self.lookup = merged;
        }
        out
    }
}
