//! The games filter (games-filter modal) and the list a games page shows, both read from the
//! address so a shared link shows the same list: `?providers=a,b&features=1,3&sort=new`.

use super::catalogue::Catalogue;
use crate::domain::route::{Location, Route, RouteName};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    #[default]
    Popular,
    New,
    Name,
}

impl Sort {
    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Popular => "popular",
            Sort::New => "new",
            Sort::Name => "name",
        }
    }

    pub fn parse(s: &str) -> Option<Sort> {
        match s {
            "popular" => Some(Sort::Popular),
            "new" => Some(Sort::New),
            "name" => Some(Sort::Name),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Provider identities.
    pub providers: Vec<String>,
    /// Feature ids.
    pub features: Vec<u32>,
    pub sort: Sort,
}

pub const PROVIDERS: &str = "providers";
pub const FEATURES: &str = "features";
pub const SORT: &str = "sort";

fn list(v: Option<&str>) -> impl Iterator<Item = &str> {
    v.unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

impl Filter {
    /// From the address; unknown sorts and malformed features are left out.
    pub fn from_location(loc: &Location) -> Filter {
        let mut f = Filter {
            providers: list(loc.query_value(PROVIDERS))
                .map(str::to_string)
                .collect(),
            features: list(loc.query_value(FEATURES))
                .filter_map(|f| f.parse().ok())
                .collect(),
            sort: loc
                .query_value(SORT)
                .and_then(Sort::parse)
                .unwrap_or_default(),
        };
        f.normalize();
        f
    }

    /// Sorted without repeats, so equal filters compare equal (and make equal addresses).
    pub fn normalize(&mut self) {
        self.providers.sort();
        self.providers.dedup();
        self.features.sort();
        self.features.dedup();
    }

    /// The address query: `query` without the filter's keys, then the filter (empty parts
    /// left out, so no filter adds nothing).
    pub fn to_query(&self, query: &[(String, String)]) -> Vec<(String, String)> {
        let mut out: Vec<_> = query
            .iter()
            .filter(|(k, _)| k != PROVIDERS && k != FEATURES && k != SORT)
            .cloned()
            .collect();
        if !self.providers.is_empty() {
            out.push((PROVIDERS.into(), self.providers.join(",")));
        }
        if !self.features.is_empty() {
            let f: Vec<String> = self.features.iter().map(u32::to_string).collect();
            out.push((FEATURES.into(), f.join(",")));
        }
        if self.sort != Sort::Popular {
            out.push((SORT.into(), self.sort.as_str().into()));
        }
        out
    }

    pub fn count(&self) -> usize {
        self.providers.len() + self.features.len()
    }
}

/// What a games page lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// /games/{collection}/{collection}…: games in every named collection.
    Collections(Vec<usize>),
    /// /games/providers/{provider} (its identity; the provider call says whether it exists).
    Provider(String),
    Favorites,
    Played,
    /// A games page whose collection or provider does not exist.
    Unknown,
}

/// The listing the route names, if it is a games list page (collections once they are in).
pub fn listing(route: &Route, cat: &Catalogue) -> Option<Listing> {
    match route.route_name()? {
        RouteName::Favorites => Some(Listing::Favorites),
        RouteName::RecentlyPlayed => Some(Listing::Played),
        RouteName::GamesId => {
            let params = route.param_list("id");
            match params {
                [first, provider] if first == "providers" => {
                    Some(Listing::Provider(provider.to_string()))
                }
                _ => {
                    let ids: Option<Vec<_>> = params.iter().map(|p| cat.collection(p)).collect();
                    Some(ids.map_or(Listing::Unknown, Listing::Collections))
                }
            }
        }
        _ => None,
    }
}

/// The `GET /api/game/games` query (without paging) of a collection or provider listing under
/// the filter; `None` for the other listings. SPEC §7 filters by one collection: a page naming
/// several asks for the first (the others narrow nothing the platform can be asked for).
pub fn query(cat: &Catalogue, listing: &Listing, filter: &Filter) -> Option<Vec<(String, String)>> {
    let mut q = Vec::new();
    match listing {
        Listing::Collections(cs) => {
            let c = cat.collections.get(*cs.first()?)?;
            q.push(("collection".to_string(), c.info.identity.clone()));
        }
        Listing::Provider(p) => q.push(("providers[]".to_string(), p.clone())),
        _ => return None,
    }
    for p in &filter.providers {
        // A provider page lists its own provider's games whatever the filter names.
        if !matches!(listing, Listing::Provider(_)) {
            q.push(("providers[]".to_string(), p.clone()));
        }
    }
    for f in &filter.features {
        q.push(("features[]".to_string(), f.to_string()));
    }
    q.push(("sort".to_string(), filter.sort.as_str().to_string()));
    Some(q)
}
