//! The games slices: `gamesLobby` (rows, providers, features, filter), `gamesList` (the window
//! of the page's list the grid asked for), `gamesSearch` and `gamesPlay` (the game page). Each
//! is sent only when its part changed (`Games::touched`), so a keystroke in the search sends
//! the search and nothing else.

use serde::Serialize;

use super::catalogue::Catalogue;
use super::filter::Listing;
use super::history::Tab;
use super::{CatalogueState, Games, ListLoad, Row, HISTORY, LIST, LOBBY, PLAY, SEARCH};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::geo::GameCollection;
use crate::domain::locale::DateFormat;
use crate::domain::route::RouteName;

/// Tiles per lobby row.
pub const ROW_TILES: usize = 12;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TileView {
    pub identity: String,
    pub name: String,
    pub provider: String,
    /// The game page.
    pub href: String,
    /// Image folder: `{img}1x1@2x.svg`, `{img}3x4@1x.svg`, …
    pub img: String,
    pub favorite: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RowView {
    pub identity: String,
    pub name: String,
    /// The category page ("show all").
    pub href: String,
    pub total: u32,
    pub tiles: Vec<TileView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ProviderView {
    pub identity: String,
    pub name: String,
    pub href: String,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FeatureView {
    pub id: u32,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FilterView {
    pub providers: Vec<String>,
    pub features: Vec<u32>,
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "\"popular\" | \"new\" | \"name\"")
    )]
    pub sort: &'static str,
    /// Providers and features chosen.
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GamesLobbyView {
    pub state: CatalogueState,
    /// Home and /games: the collections for the visitor's country, not hidden (SPEC §5).
    pub rows: Vec<RowView>,
    /// Category links (the same collections).
    pub categories: Vec<RowLink>,
    pub providers: Vec<ProviderView>,
    pub features: Vec<FeatureView>,
    pub filter: FilterView,
    /// The list page's title (collection or provider name); empty elsewhere.
    pub title: String,
    /// The page names a collection or provider that does not exist.
    pub unknown: bool,
    /// /games/providers in the current language.
    pub providers_href: String,
    /// The winners ticker (`GET /api/game/spins/winners`).
    pub winners: Vec<WinnerView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WinnerView {
    pub nickname: String,
    pub game: String,
    pub href: String,
    pub win: String,
    pub currency: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RowLink {
    pub identity: String,
    pub name: String,
    pub href: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GamesListView {
    /// Favourites and played games: where the server's list stands (a category is `ready`
    /// with the catalogue).
    pub load: ListLoad,
    /// Games in the page's list.
    pub total: u32,
    /// The first tile's position in the list.
    pub from: u32,
    pub tiles: Vec<TileView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GamesSearchView {
    pub query: String,
    /// The query has words and nothing matched.
    pub empty: bool,
    /// Waiting for the server search (catalogue not in yet).
    pub searching: bool,
    pub games: Vec<TileView>,
    pub providers: Vec<ProviderView>,
    /// Sportsbook events for the text (SPEC §7 sport search), each to its event page.
    pub sports: Vec<SportHitView>,
    pub recent: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SportHitView {
    pub id: i64,
    pub name: String,
    pub detail: String,
    pub href: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GamesPlayView {
    pub identity: String,
    pub name: String,
    pub provider: String,
    pub provider_href: String,
    /// The game frame's address once launched.
    pub url: Option<String>,
    pub demo: bool,
    pub has_demo: bool,
    pub starting: bool,
    /// Text key of a failed launch.
    pub error: Option<String>,
    /// The game does not exist: the error page.
    pub missing: bool,
    pub favorite: bool,
    /// Where "back" goes.
    pub back: String,
    pub player: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct HistoryRowView {
    pub id: i64,
    pub game: String,
    /// The game's page; none for a bet on something that is not a catalogue game (the
    /// sportsbook's bets name their event instead).
    pub href: Option<String>,
    pub currency: String,
    pub bet: String,
    pub win: String,
    pub settled: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// As the player reads it (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's zone).
    pub created_text: String,
}

/// The bets and spins tabs of the wallet history page (links carry tab, page and filter).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GamesHistoryView {
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "\"bets\" | \"spins\" | \"bonuses\" | null")
    )]
    pub tab: Option<&'static str>,
    pub page: u32,
    pub total_pages: u32,
    pub settled: bool,
    pub loading: bool,
    pub failed: bool,
    pub rows: Vec<HistoryRowView>,
    /// The wallet's transactions (the page without a games tab).
    pub transactions_href: String,
    pub bets_href: String,
    pub spins_href: String,
    /// The bonuses tab (its rows and filters are the `bonusesHistory` slice).
    pub bonuses_href: String,
    /// Bets: the settled / open filter.
    pub settled_href: String,
    pub open_href: String,
    pub prev_href: Option<String>,
    pub next_href: Option<String>,
}

/// Whether the slice of `bit` needs a rebuild for the feature's own reasons: the games
/// feature marked it (`touched`, each slice's bit cleared as it is taken). The shared groups
/// a slice read are the registry's to check.
fn take(g: &Games, bit: u8) -> bool {
    let was = g.touched.get();
    g.touched.set(was & !bit);
    was & bit != 0
}

pub fn lobby_touched(g: &Games) -> bool {
    take(g, LOBBY)
}

pub fn list_touched(g: &Games) -> bool {
    take(g, LIST)
}

pub fn search_touched(g: &Games) -> bool {
    take(g, SEARCH)
}

pub fn play_touched(g: &Games) -> bool {
    take(g, PLAY)
}

pub fn history_touched(g: &Games) -> bool {
    take(g, HISTORY)
}

fn tile(g: &Games, i: u32, prefix: &str) -> Option<TileView> {
    let game = g.cat.games.get(i as usize)?;
    Some(TileView {
        identity: game.identity.clone(),
        name: game.name.clone(),
        provider: g
            .cat
            .providers
            .get(usize::from(game.provider))
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        href: format!("{prefix}/game/{}", game.identity),
        img: format!("/api/game/images/{}/", game.identity),
        favorite: g.is_favorite(&game.identity),
    })
}

/// Collections shown to this visitor (SPEC §5): not hidden, for their country.
pub fn listed(cat: &Catalogue, country: Option<&str>) -> Vec<usize> {
    cat.collections
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            (!c.info.is_hidden && GameCollection::visible_in(&c.info, country)).then_some(i)
        })
        .collect()
}

fn provider_view(cat: &Catalogue, p: usize, prefix: &str, count: u32) -> Option<ProviderView> {
    let pr = cat.providers.get(p)?;
    Some(ProviderView {
        identity: pr.identity.clone(),
        name: pr.name.clone(),
        href: format!("{prefix}/games/providers/{}", pr.identity),
        count,
    })
}

pub fn lobby(g: &Games, shared: &Shared, config: &Config) -> GamesLobbyView {
    let cat = &g.cat;
    let prefix = shared.link_prefix(config);
    let route = shared.route_name();
    let shown = listed(cat, shared.collections_country());
    let on_lobby = matches!(route, Some(RouteName::Index) | Some(RouteName::Games));
    // Rows in the collections' order, each once its call answered (a later row never shows
    // before an earlier one, so nothing jumps); a failed row is left out.
    let mut rows = Vec::new();
    let mut rows_pending = false;
    if on_lobby {
        for &c in &shown {
            let Some(col) = cat.collections.get(c) else {
                continue;
            };
            match g.rows.iter().find(|(id, _)| *id == col.info.identity) {
                Some((_, Row::In(total, games))) => rows.push(RowView {
                    identity: col.info.identity.clone(),
                    name: col.name.clone(),
                    href: format!("{prefix}/games/{}", col.info.identity),
                    total: *total,
                    tiles: games
                        .iter()
                        .take(ROW_TILES)
                        .filter_map(|&i| tile(g, i, &prefix))
                        .collect(),
                }),
                Some((_, Row::Failed)) => {}
                _ => {
                    rows_pending = true;
                    break;
                }
            }
        }
    }
    let providers = (0..cat.providers.len())
        .filter_map(|p| {
            let count = cat.providers.get(p).map_or(0, |p| p.count);
            provider_view(cat, p, &prefix, count)
        })
        .collect();
    let title = match &g.listing {
        Some(Listing::Collections(cs)) => {
            let mut t = String::new();
            for c in cs.iter().filter_map(|c| cat.collections.get(*c)) {
                if !t.is_empty() {
                    t.push_str(" · ");
                }
                t.push_str(&c.name);
            }
            t
        }
        Some(Listing::Provider(p)) => cat
            .provider(p)
            .and_then(|i| cat.providers.get(i))
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        _ => String::new(),
    };
    GamesLobbyView {
        // The lobby waits for its first row (skeleton rows until then).
        state: if g.state == CatalogueState::Ready && rows.is_empty() && rows_pending {
            CatalogueState::Loading
        } else {
            g.state
        },
        rows,
        categories: shown
            .iter()
            .filter_map(|&c| {
                let col = cat.collections.get(c)?;
                Some(RowLink {
                    identity: col.info.identity.clone(),
                    name: col.name.clone(),
                    href: format!("{prefix}/games/{}", col.info.identity),
                })
            })
            .collect(),
        providers,
        features: cat
            .features
            .iter()
            .map(|(id, name)| FeatureView {
                id: *id,
                name: name.clone(),
            })
            .collect(),
        filter: FilterView {
            providers: g.filter.providers.clone(),
            features: g.filter.features.clone(),
            sort: g.filter.sort.as_str(),
            count: g.filter.count() as u32,
        },
        title,
        unknown: g.listing == Some(Listing::Unknown)
            || matches!(&g.listing, Some(Listing::Provider(p)) if g.missing_provider.as_ref() == Some(p)),
        providers_href: format!("{prefix}/games/providers"),
        winners: if on_lobby {
            g.winners
                .iter()
                .map(|[nickname, identity, game, win, currency]| WinnerView {
                    nickname: nickname.clone(),
                    game: game.clone(),
                    href: format!("{prefix}/game/{identity}"),
                    win: win.clone(),
                    currency: currency.clone(),
                })
                .collect()
        } else {
            Vec::new()
        },
    }
}

pub fn list(g: &Games, shared: &Shared, config: &Config) -> GamesListView {
    let prefix = shared.link_prefix(config);
    let (from, count) = g.window;
    let count = if count == 0 { 48 } else { count };
    let paged = matches!(
        g.listing,
        Some(Listing::Collections(_)) | Some(Listing::Provider(_))
    );
    if paged {
        // The window's games that are here, from its first (the grid draws skeletons for the
        // rest while their page is on its way).
        let p = &g.paged;
        let total = p.total.unwrap_or(0);
        let from = from.min(total);
        return GamesListView {
            load: if p.failed {
                ListLoad::Failed
            } else if p.total.is_none() {
                ListLoad::Loading
            } else {
                ListLoad::Ready
            },
            total,
            from,
            tiles: p
                .slots
                .iter()
                .skip(from as usize)
                .take(count as usize)
                .map_while(|s| *s)
                .filter_map(|i| tile(g, i, &prefix))
                .collect(),
        };
    }
    let from = from.min(g.list.len() as u32);
    let load = match g.listing {
        Some(Listing::Favorites) => g.favorites_load,
        Some(Listing::Played) => g.played_load,
        _ => ListLoad::Ready,
    };
    GamesListView {
        load,
        total: g.list.len() as u32,
        from,
        tiles: g
            .list
            .iter()
            .skip(from as usize)
            .take(count as usize)
            .filter_map(|&i| tile(g, i, &prefix))
            .collect(),
    }
}

pub fn search(g: &Games, shared: &Shared, config: &Config) -> GamesSearchView {
    let prefix = shared.link_prefix(config);
    let ready = g.index_ready;
    let games: Vec<TileView> = if ready {
        g.found
            .iter()
            .filter_map(|&i| tile(g, i, &prefix))
            .collect()
    } else {
        g.server_found
            .iter()
            .map(|(identity, name, provider)| TileView {
                identity: identity.clone(),
                name: name.clone(),
                provider: provider.clone(),
                href: format!("{prefix}/game/{identity}"),
                img: format!("/api/game/images/{identity}/"),
                favorite: g.is_favorite(identity),
            })
            .collect()
    };
    let providers: Vec<ProviderView> = if ready {
        g.found_providers
            .iter()
            .take(6)
            .filter_map(|&p| provider_view(&g.cat, usize::from(p), &prefix, 0))
            .collect()
    } else {
        Vec::new()
    };
    let has_words = !super::search::words(&g.query).is_empty();
    let sports: Vec<SportHitView> = g
        .sport_found
        .iter()
        .map(|h| SportHitView {
            id: h.id,
            name: h.name.clone(),
            detail: h.detail.clone(),
            href: format!("{prefix}/sport/event/{}", h.id),
        })
        .collect();
    GamesSearchView {
        query: g.query.clone(),
        empty: has_words
            && !g.searching
            && games.is_empty()
            && providers.is_empty()
            && sports.is_empty(),
        searching: g.searching,
        games,
        providers,
        sports,
        recent: g.recent.clone(),
    }
}

pub fn play(g: &Games, shared: &Shared, config: &Config) -> GamesPlayView {
    let l = &g.launch;
    let prefix = shared.link_prefix(config);
    let info = l.info.clone().unwrap_or_default();
    let identity = l.identity.clone().unwrap_or_default();
    GamesPlayView {
        favorite: g.is_favorite(&identity),
        identity,
        provider_href: format!("{prefix}/games/providers/{}", info.provider_identity),
        name: info.name,
        provider: info.provider,
        url: l.url.clone(),
        demo: l.demo,
        has_demo: info.has_demo,
        starting: l.starting,
        error: l.error.clone(),
        missing: l.missing,
        back: l
            .return_to
            .clone()
            .unwrap_or_else(|| format!("{prefix}/games")),
        player: shared.is_player(),
    }
}

pub fn history(g: &Games, shared: &Shared, config: &Config) -> GamesHistoryView {
    let h = &g.history;
    let prefix = shared.link_prefix(config);
    let path = shared.path();
    let href = |tab: &str, page: u32, settled: bool| {
        let mut q = format!("{path}?tab={tab}");
        if page > 1 {
            q.push_str(&format!("&page={page}"));
        }
        if !settled {
            q.push_str("&settled=0");
        }
        q
    };
    let tab = match h.tab {
        Some(Tab::Bets) => "bets",
        Some(Tab::Spins) => "spins",
        Some(Tab::Bonuses) => "bonuses",
        None => "",
    };
    // The bonuses tab's calls have no pages (SPEC §7).
    let paged = matches!(h.tab, Some(Tab::Bets | Tab::Spins));
    GamesHistoryView {
        tab: h.tab.map(|_| tab),
        page: h.page,
        total_pages: h.total_pages,
        settled: h.settled,
        loading: h.loading,
        failed: h.failed,
        rows: h
            .rows
            .iter()
            .map(|r| HistoryRowView {
                id: r.id,
                game: r.game.clone(),
                href: (!r.game_identity.is_empty())
                    .then(|| format!("{prefix}/game/{}", r.game_identity)),
                currency: r.currency.clone(),
                bet: r.bet.clone(),
                win: r.win.clone(),
                settled: r.settled,
                created_at: r.created_at,
                created_text: shared.zone().format(r.created_at, DateFormat::DateTime),
            })
            .collect(),
        transactions_href: path.to_string(),
        bets_href: href("bets", 1, true),
        spins_href: href("spins", 1, true),
        bonuses_href: href("bonuses", 1, true),
        settled_href: href("bets", 1, true),
        open_href: href("bets", 1, false),
        prev_href: (paged && h.page > 1).then(|| href(tab, h.page - 1, h.settled)),
        next_href: (paged && h.page < h.total_pages).then(|| href(tab, h.page + 1, h.settled)),
    }
}
