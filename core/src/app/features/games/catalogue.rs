//! What the client knows of the platform's games, read from the SPEC §7 answers as they come:
//! `collections` (at app creation), `providers`, `games/features`, and every Game a
//! `games` page, a lobby row, the favourites or the played games brought (kept once, by
//! identity). Lists and the search index name games by their place here.

use crate::domain::geo::GameCollection;
use crate::json::Json;

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

/// One `games` page: its games and `meta.totalRows`, `meta.totalPages`.
pub struct Page<'a> {
    pub games: &'a [Json],
    pub total_rows: u32,
    pub total_pages: u32,
}

pub fn page(answer: &Json) -> Option<Page<'_>> {
    let games = answer.get("data")?.as_array()?;
    let meta = answer.get("meta")?;
    let n = |k: &str| {
        meta.get(k)
            .and_then(crate::json::whole)
            .and_then(|v| u32::try_from(v).ok())
    };
    Some(Page {
        games,
        total_rows: n("totalRows")?,
        total_pages: n("totalPages").unwrap_or(0),
    })
}

fn text(v: &Json, key: &str) -> Option<String> {
    v.get(key)?.as_str().map(str::to_string)
}

fn count(v: &Json) -> u32 {
    v.get("gamesCount")
        .and_then(crate::json::whole)
        .and_then(|c| u32::try_from(c).ok())
        .unwrap_or(0)
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
            .filter_map(|c| {
                Some(Collection {
                    info: GameCollection {
                        identity: text(c, "identity")?,
                        is_hidden: c.get("isHidden").and_then(Json::as_bool).unwrap_or(false),
                        countries: c
                            .get("countries")
                            .and_then(Json::as_array)
                            .map(|a| {
                                a.iter()
                                    .filter_map(|s| s.as_str().map(str::to_string))
                                    .collect()
                            })
                            .unwrap_or_default(),
                    },
                    name: text(c, "name")?,
                    count: count(c),
                })
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
            let (Some(identity), Some(name)) = (text(p, "identity"), text(p, "name")) else {
                continue;
            };
            let at = usize::from(self.provider_in(&identity, &name));
            if let Some(pr) = self.providers.get_mut(at) {
                pr.name = name;
                pr.count = count(p);
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
            .filter_map(|f| {
                let id = crate::json::whole(f.get("id")?).and_then(|i| u32::try_from(i).ok())?;
                Some((id, text(f, "name")?))
            })
            .collect();
        true
    }

    /// Keeps the Games of an answer (new ones added, known ones left as they are) and gives
    /// their places, in the answer's order; malformed entries are skipped.
    pub fn add(&mut self, games: &[Json]) -> Vec<u32> {
        let read = games.iter().filter_map(|g| {
            let (Some(identity), Some(name)) = (text(g, "identity"), text(g, "name")) else {
                return None;
            };
            if name.is_empty() || identity.is_empty() {
                return None;
            }
            let provider = g.get("provider");
            let pid = provider
                .and_then(|p| p.get("identity"))
                .and_then(Json::as_str);
            let pname = provider.and_then(|p| p.get("name")).and_then(Json::as_str);
            let flag = |k: &str| g.get(k).and_then(Json::as_bool);
            let mut flags = 0;
            if flag("hasDemo").unwrap_or(false) {
                flags |= HAS_DEMO;
            }
            if flag("isMobile") == Some(false) {
                flags |= DESKTOP_ONLY;
            }
            let game = Game {
                id: g
                    .get("id")
                    .and_then(crate::json::whole)
                    .and_then(|i| u64::try_from(i).ok())
                    .unwrap_or(0),
                identity,
                name,
                provider: 0,
                flags,
            };
            Some((game, pid.unwrap_or_default(), pname.unwrap_or_default()))
        });
        self.add_games(read)
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
