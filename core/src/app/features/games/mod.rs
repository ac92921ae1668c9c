//! Games (issue 11; SPEC §2 games routes and modals, §3 Game and Game collection, §5
//! collections by country, §7 Games calls, §9 played games and returnGame).
//!
//! The catalogue arrives as one compact text the app fetches beside the wasm
//! (`catalogue.rs`); the lobby rows, every list page and the search are computed here from it.
//! Lists reach the view as windows the view asks for (`gamesWindow`): a grid of 20,000 tiles
//! sends the ~100 it shows. The search index (`search.rs`) is built once, when the catalogue
//! arrives; the server search is the fallback until then.

#[cfg(all(feature = "bench-search", target_arch = "wasm32"))]
pub mod bench;
pub mod catalogue;
pub mod filter;
pub mod history;
pub mod launch;
pub mod played;
pub mod search;
pub mod view;

use std::cell::Cell;
use std::rc::Rc;

use crate::app::calls::{Answer, Auth, Endpoint, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal, SliceSink};
use crate::app::model::{Dirty, Model};
use crate::domain::alert::Alert;
use crate::domain::realtime::push::Push;
use crate::domain::route::RouteName;
use crate::json::Json;
use catalogue::Catalogue;
use filter::{Filter, Listing};
use launch::Launch;

/// Most tiles one window sends.
pub const WINDOW_MAX: u32 = 120;
/// Games a search shows.
pub const SEARCH_LIMIT: usize = 24;

/// Parts of the games view that changed (slices are sent only for these).
pub const LOBBY: u8 = 1;
pub const SEARCH: u8 = 2;
pub const PLAY: u8 = 4;
pub const LIST: u8 = 8;
pub const HISTORY: u8 = 16;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum CatalogueState {
    #[default]
    Loading,
    Ready,
    Failed,
}

/// A player's list the server keeps (favourites, played games): asked for once the player and
/// the catalogue are both known. Until it answers the page cannot say "none yet", and after a
/// failure it says so and offers a retry instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ListLoad {
    #[default]
    Idle,
    Loading,
    Ready,
    Failed,
}

impl ListLoad {
    /// Marks the list as asked for, unless it is in or on its way; says whether to ask.
    fn ask(&mut self) -> bool {
        let ask = matches!(self, Self::Idle | Self::Failed);
        if ask {
            *self = Self::Loading;
        }
        ask
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    pub cat: Rc<Catalogue>,
    pub index: Rc<search::Index>,
    pub state: CatalogueState,
    /// The current page's list (game indices) and what it was built from.
    pub listing: Option<Listing>,
    pub filter: Filter,
    pub list: Vec<u32>,
    pub window: (u32, u32),
    /// The search box.
    pub query: String,
    pub found: Vec<u32>,
    pub found_providers: Vec<u16>,
    /// Server search answers (identity, name, provider) while the catalogue is not in.
    pub server_found: Vec<(String, String, String)>,
    pub searching: bool,
    pub recent: Vec<String>,
    /// Favourite game identities (newest first).
    pub favorites: Vec<String>,
    /// Played games, `provider/game`, newest first (SPEC §9).
    pub played: played::Played,
    /// Where the server's favourites and played games stand.
    pub favorites_load: ListLoad,
    pub played_load: ListLoad,
    pub launch: Launch,
    pub mobile: bool,
    pub history: history::GameHistory,
    /// Latest big wins (the lobby's ticker): nickname, game identity, game name, amount, currency.
    pub winners: Vec<[String; 5]>,
    /// Which parts of the view changed (read and cleared by `slices`).
    pub touched: Cell<u8>,
    /// The catalogue read so far while it arrives in parts, and its index being built.
    pub pending: Option<Box<(Catalogue, search::IndexBuilder)>>,
}

/// Intents of the games pages and modals.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GamesUi {
    /// The app fetched the catalogue text: the whole of it, or its last part.
    GamesCatalogue {
        text: String,
    },
    /// A leading part of the catalogue text (whole lines): the app hands a long catalogue over
    /// in parts, one task each, so that reading 20,000 games never blocks the page for long.
    GamesCataloguePart {
        text: String,
    },
    /// The catalogue could not be fetched.
    GamesCatalogueFailed {
        reason: String,
    },
    /// The grid shows tiles `from..from+count` of the page's list.
    GamesWindow {
        from: u32,
        count: u32,
    },
    /// The search box changed.
    GamesSearch {
        query: String,
    },
    /// The player opened a search result: the query joins their recent searches.
    GamesSearchUsed,
    GamesClearRecent,
    GamesFavorite {
        identity: String,
        on: bool,
    },
    /// Set the filter (games-filter modal): the address changes.
    GamesFilter {
        providers: Vec<String>,
        features: Vec<u32>,
        #[cfg_attr(
            target_arch = "wasm32",
            tsify(type = "\"popular\" | \"new\" | \"name\"")
        )]
        sort: String,
    },
    /// Play the open game for real or in demo mode.
    GamesPlay {
        demo: bool,
    },
    /// Launch again after a failure.
    GamesRetry,
    /// Ask again for the favourites or played games the server did not give.
    GamesListRetry,
    /// Phone or desktop (mobile-game modal).
    GamesDevice {
        mobile: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Favorites,
    Favorite { identity: String, on: bool },
    Played,
    Search(String),
    Recent,
    ClearRecent,
    Game(String),
    Play { identity: String, demo: bool },
    Winners,
    Bets { page: u32, settled: bool },
    Spins { page: u32 },
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Favorites => Route::get("/api/game/games/favorites", Auth::Player),
            Call::Favorite { identity, on } => Route::item(
                if *on { Method::Post } else { Method::Delete },
                "/api/game/games",
                identity,
                "/favorite",
                Auth::Player,
            ),
            Call::Played => Route::get("/api/game/games/played", Auth::Player),
            Call::Search(q) => {
                Route::get("/api/game/games/search", Auth::AsIs).query(&[("query", q)])
            }
            Call::Recent => Route::get("/api/game/search/recent", Auth::Player),
            Call::ClearRecent => {
                Route::write(Method::Delete, "/api/game/search/recent", Auth::Player)
            }
            Call::Game(id) => Route::item(Method::Get, "/api/game/games", id, "", Auth::Public),
            Call::Winners => Route::get("/api/game/spins/winners", Auth::Public),
            Call::Bets { page, settled } => {
                Route::paged("/api/game/bets", Auth::Player, *page, history::PER_PAGE)
                    .query(&[("isSettled", if *settled { "true" } else { "false" })])
            }
            Call::Spins { page } => {
                Route::paged("/api/game/spins", Auth::Player, *page, history::PER_PAGE)
            }
            Call::Play { identity, .. } => Route::item(
                Method::Post,
                "/api/game/games",
                identity,
                "/play",
                Auth::AsIs,
            ),
        }
    }
}

impl Feature for Games {
    type Ui = GamesUi;
    type Call = Call;
    type Tick = ();

    fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
        view::slices(model, dirty, out);
    }

    fn ui(&mut self, event: GamesUi, cx: &mut Cx) {
        match event {
            GamesUi::GamesCataloguePart { text } => {
                if !self.catalogue_part(&text) {
                    cx.log(LogLevel::Warn, "games: the catalogue is unreadable");
                }
            }
            GamesUi::GamesCatalogue { text } => match self
                .catalogue_part(&text)
                .then(|| self.pending.take())
                .flatten()
            {
                Some(read) => {
                    let (cat, index) = *read;
                    self.catalogue_in(cat, index, cx)
                }
                None => {
                    cx.log(LogLevel::Warn, "games: the catalogue is unreadable");
                    self.state = CatalogueState::Failed;
                    self.touch(LOBBY | SEARCH);
                }
            },
            GamesUi::GamesCatalogueFailed { reason } => {
                cx.log(LogLevel::Warn, &format!("games: no catalogue: {reason}"));
                if self.state != CatalogueState::Ready {
                    self.state = CatalogueState::Failed;
                    self.touch(LOBBY | SEARCH);
                }
            }
            GamesUi::GamesWindow { from, count } => {
                let w = (from, count.min(WINDOW_MAX));
                if w != self.window {
                    self.window = w;
                    self.touch(LIST);
                }
            }
            GamesUi::GamesSearch { query } => self.search(query, cx),
            GamesUi::GamesSearchUsed => {
                // The server keeps a player's recent searches when it is asked.
                let q = self.query.trim().to_string();
                if cx.shared.is_player() && !q.is_empty() && !self.recent.contains(&q) {
                    cx.call(Self::req(Call::Search(q.clone())), None);
                    self.recent.insert(0, q);
                    self.recent.truncate(10);
                    self.touch(SEARCH);
                }
            }
            GamesUi::GamesClearRecent => {
                if cx.shared.is_player() {
                    self.recent.clear();
                    cx.call(Self::req(Call::ClearRecent), None);
                    self.touch(SEARCH);
                }
            }
            GamesUi::GamesFavorite { identity, on } => self.favorite(identity, on, cx),
            GamesUi::GamesFilter {
                providers,
                features,
                sort,
            } => {
                let mut f = Filter {
                    providers,
                    features,
                    sort: filter::Sort::parse(&sort).unwrap_or_default(),
                };
                f.normalize();
                let loc = &cx.shared.location;
                let q = crate::domain::route::encode_query(&f.to_query(&loc.query));
                let url = if q.is_empty() {
                    loc.path.clone()
                } else {
                    format!("{}?{q}", loc.path)
                };
                cx.msg(Msg::Navigate { url, replace: true });
            }
            GamesUi::GamesPlay { demo } => self.launch.play(demo, cx),
            GamesUi::GamesRetry => self.launch.retry(cx),
            GamesUi::GamesListRetry => {
                if cx.shared.is_player() && self.state == CatalogueState::Ready {
                    self.player_lists(cx);
                }
            }
            GamesUi::GamesDevice { mobile } => {
                self.mobile = mobile;
                self.launch.device(mobile, cx);
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(prefs) => {
                self.played.load(prefs.played_games.as_deref());
                self.launch.return_to = prefs.return_game.clone();
                self.address_moved(None, cx);
                true
            }
            Hook::Navigated { from } => {
                self.address_moved(Some(from.full_path()), cx);
                true
            }
            Hook::Session(SessionChange::Started { player_id }) => {
                self.played.player = Some(*player_id);
                // A new session's lists are asked for afresh.
                self.favorites_load = ListLoad::Idle;
                self.played_load = ListLoad::Idle;
                // The player's lists name catalogue games: asked for once both are known.
                if self.state == CatalogueState::Ready {
                    self.player_lists(cx);
                }
                self.launch.session_started(cx);
                if self.history.tab.is_some() {
                    self.history.load(cx);
                }
                self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
                true
            }
            Hook::Signal(Signal::LaunchAllowed) => {
                self.launch.allowed(cx);
                self.touch(PLAY);
                true
            }
            Hook::Session(SessionChange::Guest) => {
                self.launch.session_known(cx);
                self.touch(PLAY);
                true
            }
            Hook::Session(SessionChange::Ended) => {
                // SPEC §4: logging out clears the stored played games.
                self.favorites.clear();
                self.favorites_load = ListLoad::Idle;
                self.played_load = ListLoad::Idle;
                self.recent.clear();
                self.played.clear(cx);
                self.launch.signed_out();
                self.history.clear();
                self.refresh_list();
                self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
                true
            }
            // Rows published while the socket was away (or before it first subscribed).
            Hook::Refetch if self.history.tab.is_some() && cx.shared.is_player() => {
                self.history.load(cx);
                self.touch(HISTORY);
                true
            }
            Hook::Push(Push::Spin(data)) => self.live_row(history::Tab::Spins, data),
            Hook::Push(Push::Bet(data)) => self.live_row(history::Tab::Bets, data),
            Hook::Push(Push::BetRestricted(_)) => {
                cx.alert(Alert::warning("alerts.gameBetRestricted"));
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Favorites => {
                if let Some(list) = body(&answer) {
                    self.favorites = identities(&list);
                    self.favorites_load = ListLoad::Ready;
                    self.refresh_list();
                    self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
                } else {
                    self.favorites_load = ListLoad::Failed;
                    self.touch(LIST);
                }
            }
            Call::Favorite { identity, on } => {
                if answer.is_err() {
                    // Undo the optimistic change.
                    self.set_favorite(&identity, !on);
                    cx.error("alerts.gameFavoriteFailed");
                    self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
                }
            }
            Call::Played => {
                if let Some(list) = body(&answer) {
                    let entries = list
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|g| {
                                    let game = g.get("identity")?.as_str()?;
                                    let prov = g.get("provider")?.get("identity")?.as_str()?;
                                    Some(format!("{prov}/{game}"))
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    self.played.merge_server(entries);
                    self.played_load = ListLoad::Ready;
                    self.refresh_list();
                    self.touch(LIST);
                } else {
                    self.played_load = ListLoad::Failed;
                    self.touch(LIST);
                }
            }
            Call::Search(q) => {
                if q != self.query.trim() || self.state == CatalogueState::Ready {
                    return;
                }
                self.searching = false;
                self.server_found = body(&answer)
                    .and_then(|b| {
                        b.get("games")?.as_array().map(|a| {
                            a.iter()
                                .filter_map(|g| {
                                    Some((
                                        g.get("identity")?.as_str()?.to_string(),
                                        g.get("name")?.as_str()?.to_string(),
                                        g.get("provider")?.get("name")?.as_str()?.to_string(),
                                    ))
                                })
                                .collect()
                        })
                    })
                    .unwrap_or_default();
                self.touch(SEARCH);
            }
            Call::Recent => {
                if let Some(list) = body(&answer) {
                    self.recent = list
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|q| q.as_str().map(str::to_string))
                                .collect()
                        })
                        .unwrap_or_default();
                    self.touch(SEARCH);
                }
            }
            Call::ClearRecent => {}
            Call::Winners => {
                let list = body(&answer);
                self.winners = list
                    .as_ref()
                    .and_then(Json::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|w| {
                                let g = w.get("game")?;
                                let s = |v: &Json| v.as_str().map(str::to_string);
                                Some([
                                    s(w.get("nickname")?)?,
                                    s(g.get("identity")?)?,
                                    s(g.get("name")?)?,
                                    s(w.get("win")?)?,
                                    s(w.get("currency")?)?,
                                ])
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                self.touch(LOBBY);
            }
            Call::Bets { page, .. } => {
                self.history.answered(history::Tab::Bets, page, answer);
                self.touch(HISTORY);
            }
            Call::Spins { page } => {
                self.history.answered(history::Tab::Spins, page, answer);
                self.touch(HISTORY);
            }
            Call::Game(id) => self.launch.game_answered(&id, answer, cx),
            Call::Play { identity, demo } => {
                if let Some(entry) = self.launch.play_answered(&identity, demo, answer, cx) {
                    self.played.add(entry, cx);
                }
            }
        }
        self.touch(PLAY);
    }
}

fn body(answer: &Answer) -> Option<Json> {
    answer
        .as_ref()
        .ok()
        .and_then(|t| crate::json::parse(t).ok())
}

fn identities(list: &Json) -> Vec<String> {
    list.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|g| g.get("identity")?.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl Games {
    fn req(call: Call) -> crate::app::registry::Req {
        crate::app::registry::Req::Games(call)
    }

    /// The player's lists; favourites and played games only while not already asked for or in
    /// (a retry asks again for what failed).
    fn player_lists(&mut self, cx: &mut Cx) {
        if self.favorites_load.ask() {
            cx.call(Self::req(Call::Favorites), None);
        }
        if self.played_load.ask() {
            cx.call(Self::req(Call::Played), None);
        }
        cx.call(Self::req(Call::Recent), None);
        self.touch(LIST);
    }

    /// A spin or bet pushed live: a row of its history tab when that tab's first page shows.
    fn live_row(&mut self, tab: history::Tab, data: &Json) -> bool {
        let changed = self.history.pushed(tab, data);
        if changed {
            self.touch(HISTORY);
        }
        changed
    }

    pub fn touch(&self, parts: u8) {
        self.touched.set(self.touched.get() | parts);
    }

    /// Reads one part of the catalogue's text into `pending` (the first part starts with the
    /// header); false, and nothing kept, when it does not.
    fn catalogue_part(&mut self, text: &str) -> bool {
        let body = match (&self.pending, Catalogue::body(text)) {
            (Some(_), _) => text,
            (None, Some(body)) => body,
            (None, None) => return false,
        };
        let read = self.pending.get_or_insert_with(Default::default);
        let (cat, index) = &mut **read;
        let from = cat.games.len();
        cat.read(body);
        for g in cat.games.get(from..).unwrap_or_default() {
            index.add(&g.name);
        }
        true
    }

    fn catalogue_in(&mut self, cat: Catalogue, index: search::IndexBuilder, cx: &mut Cx) {
        let provs: Vec<u16> = cat.games.iter().map(|g| g.provider).collect();
        let pnames: Vec<&str> = cat.providers.iter().map(|p| p.name.as_str()).collect();
        self.index = Rc::new(index.finish(provs, &pnames));
        if cx.shared.is_player() && self.state != CatalogueState::Ready {
            self.player_lists(cx);
        }
        self.cat = Rc::new(cat);
        cx.msg(Msg::Catalogue(Rc::clone(&self.cat)));
        self.state = CatalogueState::Ready;
        self.server_found.clear();
        self.address_moved(None, cx);
        // Favourites and plays may have come first: their lists name games only now.
        self.refresh_list();
        let q = std::mem::take(&mut self.query);
        self.search(q, cx);
        self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
    }

    /// The page's list, the filter and the game page follow the address.
    fn address_moved(&mut self, from: Option<String>, cx: &mut Cx) {
        let route = cx.shared.route.as_ref().ok();
        let listing = route.and_then(|r| filter::listing(r, &self.cat));
        let filter = Filter::from_location(&cx.shared.location);
        if listing != self.listing || filter != self.filter {
            if listing != self.listing {
                self.window = (0, 0);
            }
            self.listing = listing;
            self.filter = filter;
            self.refresh_list();
        }
        let game = route
            .filter(|r| r.route_name() == Some(RouteName::GameId))
            .and_then(|r| r.param("id"))
            .map(str::to_string);
        let lobby = route.is_some_and(|r| {
            matches!(
                r.route_name(),
                Some(RouteName::Index) | Some(RouteName::Games)
            )
        });
        // The ticker is part of the lobby: asked for with it (once the catalogue is in).
        if lobby && self.state == CatalogueState::Ready {
            cx.call(Self::req(Call::Winners), None);
        }
        self.launch.address(game, from, &self.cat, cx);
        let on_history = route.is_some_and(|r| r.route_name() == Some(RouteName::WalletHistory));
        let player = cx.shared.is_player();
        if self
            .history
            .address(on_history, &cx.shared.location.query, player, cx)
        {
            self.touch(HISTORY);
        }
        self.touch(LOBBY | LIST | PLAY);
    }

    /// Rebuild the page's list (address, filter, catalogue, favourites or plays changed).
    fn refresh_list(&mut self) {
        let cat = &self.cat;
        let by_identity = |ids: &mut dyn Iterator<Item = &str>| -> Vec<u32> {
            ids.filter_map(|id| cat.game(id).map(|i| i as u32))
                .collect()
        };
        self.list = match &self.listing {
            None | Some(Listing::Unknown) => Vec::new(),
            Some(Listing::Favorites) => by_identity(&mut self.favorites.iter().map(String::as_str)),
            Some(Listing::Played) => by_identity(
                &mut self
                    .played
                    .list
                    .iter()
                    .map(|e| e.split_once('/').map_or(e.as_str(), |(_, g)| g)),
            ),
            Some(l) => filter::games(cat, l, &self.filter),
        };
    }

    fn search(&mut self, query: String, cx: &mut Cx) {
        self.query = query;
        let q = self.query.trim().to_string();
        if self.state == CatalogueState::Ready {
            let (games, providers) = self.index.search(&q, SEARCH_LIMIT);
            self.found = games;
            self.found_providers = providers;
        } else if search::words(&q).is_empty() {
            self.server_found.clear();
            self.searching = false;
        } else {
            // Fallback: the server searches until the catalogue is in.
            self.searching = true;
            cx.call(Self::req(Call::Search(search::clip(&q))), None);
        }
        self.touch(SEARCH);
    }

    fn set_favorite(&mut self, identity: &str, on: bool) {
        self.favorites.retain(|f| f != identity);
        if on {
            self.favorites.insert(0, identity.to_string());
        }
        if self.listing == Some(Listing::Favorites) {
            self.refresh_list();
        }
    }

    fn favorite(&mut self, identity: String, on: bool, cx: &mut Cx) {
        if !cx.shared.is_player() {
            cx.open_modal("sign-in");
            return;
        }
        if self.favorites.contains(&identity) == on {
            return;
        }
        self.set_favorite(&identity, on);
        cx.call(Self::req(Call::Favorite { identity, on }), None);
        self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
    }

    pub fn is_favorite(&self, identity: &str) -> bool {
        self.favorites.iter().any(|f| f == identity)
    }
}
