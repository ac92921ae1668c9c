//! The compact catalogue (docs/API.md "Games catalogue"): the whole game list in one text the
//! app fetches beside the wasm, read here into plain vectors. Lines, tab-separated:
//! `P id identity name` (providers), `C identity name hidden countries` (collections),
//! `F id name` (features), then one line per game: `identity name provider collections
//! features flags` (identity empty = the name's slug; collections and features are hex bit
//! sets; flags 1 = has a demo, 2 = desktop only).

use crate::domain::geo::GameCollection;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Provider {
    pub identity: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    pub info: GameCollection,
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Game {
    /// The platform's game id (bonuses and quests name games by it).
    pub id: u64,
    pub identity: String,
    pub name: String,
    pub provider: u16,
    pub collections: u32,
    pub features: u32,
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
    /// In popularity order.
    pub games: Vec<Game>,
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

impl Catalogue {
    /// `None` when the text is not a catalogue; bad lines are skipped.
    pub fn parse(text: &str) -> Option<Catalogue> {
        let mut c = Catalogue::default();
        c.read(Catalogue::body(text)?);
        Some(c)
    }

    /// The lines after the header; `None` when `text` does not start with one.
    pub fn body(text: &str) -> Option<&str> {
        let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
        first.starts_with("croupier-catalogue ").then_some(rest)
    }

    /// Adds the provider, collection, feature and game lines of `text` (whole lines, as the
    /// catalogue may arrive in parts); bad lines are skipped.
    pub fn read(&mut self, text: &str) {
        let c = self;
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            match f.as_slice() {
                ["P", _id, identity, name] => c.providers.push(Provider {
                    identity: identity.to_string(),
                    name: name.to_string(),
                }),
                ["C", identity, name, hidden, countries] => c.collections.push(Collection {
                    info: GameCollection {
                        identity: identity.to_string(),
                        is_hidden: *hidden == "1",
                        countries: countries
                            .split(',')
                            .filter(|s| !s.is_empty())
                            .map(str::to_string)
                            .collect(),
                    },
                    name: name.to_string(),
                }),
                ["F", id, name] => {
                    if let Ok(id) = id.parse() {
                        c.features.push((id, name.to_string()));
                    }
                }
                [identity, name, provider, cols, feats, flags, rest @ ..] => {
                    // The id is the previous one + 1 unless the line gives it (7th field).
                    let id = match rest {
                        [] => c.games.last().map_or(1, |g| g.id + 1),
                        [id] => match id.parse() {
                            Ok(id) => id,
                            Err(_) => continue,
                        },
                        _ => continue,
                    };
                    let (Some(provider), Some(collections), Some(features), Some(flags)) = (
                        provider.parse::<u16>().ok(),
                        u32::from_str_radix(cols, 16).ok(),
                        u32::from_str_radix(feats, 16).ok(),
                        flags.parse::<u8>().ok(),
                    ) else {
                        continue;
                    };
                    if usize::from(provider) >= c.providers.len() || name.is_empty() {
                        continue;
                    }
                    c.games.push(Game {
                        id,
                        identity: if identity.is_empty() {
                            slug(name)
                        } else {
                            identity.to_string()
                        },
                        name: name.to_string(),
                        provider,
                        collections,
                        features,
                        flags,
                    });
                }
                _ => {}
            }
        }
    }

    pub fn game(&self, identity: &str) -> Option<usize> {
        self.games.iter().position(|g| g.identity == identity)
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
}
