//! Games (issue 11; SPEC §2 games routes and modals, §3 Game and Game collection, §5
//! collections by country, §7 Games calls, §9 played games and returnGame).
//!
//! Only SPEC §7 calls, through the core's HTTP path (§9's timeout, response cap, trace id):
//! `collections` at app creation; `providers` and `games/features` once a games page has
//! painted; one small `games?collection=` page per lobby row; category and provider pages ask
//! `games` with the filter, a page at a time, for the window the grid shows (`gamesWindow`: a
//! grid of 20,000 tiles asks for the ~100 it shows). Every Game an answer brings is kept once
//! (`catalogue.rs`). The typo-tolerant search index (`search.rs`) is built in the background
//! from `games` pages in popularity order (`sweep.rs`, one page at a time); until it is ready
//! the search asks `games/search`. A finished sweep is kept in the browser's IndexedDB
//! (`kept.rs`, through the runtime) and the next visit's index is built from it at once,
//! revalidated by its age and the first page.

#[cfg(all(feature = "bench-search", target_arch = "wasm32"))]
pub mod bench;
pub mod catalogue;
pub mod filter;
pub mod history;
pub mod kept;
pub mod launch;
pub mod played;
pub mod search;
pub mod sport_search;
pub mod sweep;
pub mod view;

use std::cell::Cell;
use std::rc::Rc;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::stored::Stored;
use crate::domain::alert::Alert;
use crate::domain::realtime::push::Push;
use crate::domain::route::RouteName;
use crate::json::{lenient_items, Json};
use catalogue::Catalogue;
use filter::{Filter, Listing};
use launch::Launch;
use serde::Deserialize;

/// Most tiles one window sends.
pub const WINDOW_MAX: u32 = 120;
/// Games per `games` page of a category or provider page.
pub const LIST_PER_PAGE: u32 = 48;
/// Games a search shows.
pub const SEARCH_LIMIT: usize = 24;
/// Typing pauses this long before the platform's search is asked (while the index is not
/// ready): one call per pause, not one per keystroke.
pub const SEARCH_DEBOUNCE_MS: u32 = 300;

/// The games feature's timers and runtime answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamesTick {
    /// Typing paused: ask the platform's search for the box's text.
    Search,
    /// The runtime read the kept search index (`kept::Cmd::Read`): its text, or `None` (none
    /// kept, or storage failed).
    Kept(Option<String>),
}

/// Where the search index kept across visits stands (kept.rs).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum KeptState {
    /// Not asked for yet: asked once a games page painted or the visitor searched.
    #[default]
    Unread,
    /// Asked the runtime; the sweep waits for the answer.
    Reading,
    /// None kept (or unreadable): the sweep builds the index as it always did.
    Absent,
    /// The index answers from the record (or from a sweep that ended this visit).
    In {
        verdict: kept::Verdict,
        /// The record's first page: `totalRows` and its identities, sorted.
        total_rows: u32,
        first: Vec<String>,
    },
}

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

/// A lobby row: one small `games?collection=` page.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    Asked,
    /// `totalRows` and the first games (places in the catalogue).
    In(u32, Vec<u32>),
    Failed,
}

/// The category or provider page's list, asked a page at a time for the window shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Paged {
    /// The `games` query (without paging) it is for.
    pub query: Vec<(String, String)>,
    /// `totalRows` once the first answer came.
    pub total: Option<u32>,
    /// Games by position (places in the catalogue); `None` not here yet.
    pub slots: Vec<Option<u32>>,
    /// Pages asked for (answered or not).
    pub asked: Vec<u32>,
    pub failed: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    pub cat: Rc<Catalogue>,
    pub index: Rc<search::Index>,
    /// The search index's game `i` is `cat.games[indexed[i]]`.
    pub indexed: Vec<u32>,
    /// The index is in (from this visit's sweep or the kept record): searches run here.
    pub index_ready: bool,
    /// The index kept across visits.
    pub kept: KeptState,
    /// The collections (loaded at app creation).
    pub state: CatalogueState,
    /// Providers and features asked for (once a games page painted).
    pub meta_asked: bool,
    /// Lobby rows by collection identity.
    pub rows: Vec<(String, Row)>,
    /// The index being built from `games` pages.
    pub sweep: sweep::Sweep,
    /// A provider page's provider the platform does not know.
    pub missing_provider: Option<String>,
    /// The current page's list and what it was built from.
    pub listing: Option<Listing>,
    pub filter: Filter,
    /// Favourites and played games (places in the catalogue).
    pub list: Vec<u32>,
    pub paged: Paged,
    pub window: (u32, u32),
    /// The search box.
    pub query: String,
    pub found: Vec<u32>,
    pub found_providers: Vec<u16>,
    /// Server search answers (identity, name, provider) while the catalogue is not in.
    pub server_found: Vec<(String, String, String)>,
    /// Sportsbook events the platform's sport search found for the box's text.
    pub sport_found: Vec<sport_search::Hit>,
    pub searching: bool,
    /// The pause before the platform's search is asked.
    pub search_timer: Option<crate::app::effect::TimerId>,
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
    /// The active currency the platform's game side was last told of (`player/init`).
    pub game_info: Option<String>,
    /// Which parts of the view changed (read and cleared by `slices`).
    pub touched: Cell<u8>,
}

/// Intents of the games pages and modals.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum GamesUi {
    /// A page that shows games has painted: providers, features and the search index's
    /// background pages may be asked for now (never in the way of the first paint).
    GamesPainted,
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
    Favorite {
        identity: String,
        on: bool,
    },
    Played,
    Search(String),
    Recent,
    ClearRecent,
    Game(String),
    Play {
        identity: String,
        demo: bool,
    },
    Winners,
    Bets {
        page: u32,
        settled: bool,
    },
    Spins {
        page: u32,
    },
    Collections,
    Providers,
    /// `providers/{id}` (a provider page).
    Provider(String),
    Features,
    /// A lobby row: the first games of a collection.
    Row(String),
    /// A page of a category or provider page's list.
    Page {
        query: Vec<(String, String)>,
        page: u32,
    },
    /// A page of the whole list in popularity order, for the search index.
    Sweep(u32),
    /// `sport/search`: sportsbook events for the search box's text.
    SportSearch(String),
    /// `player/init`: the platform's game side learns the player and the active currency
    /// (SPEC §7 Player; §8 "Game info … update fails": logged only).
    Init,
}

/// Games per lobby row call.
pub const ROW_PER_PAGE: u32 = 12;

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
            Call::SportSearch(q) => {
                Route::get("/api/game/sport/search", Auth::Public).query(&[("query", q)])
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
            Call::Collections => Route::get("/api/game/collections", Auth::Public),
            Call::Providers => Route::get("/api/game/providers", Auth::Public),
            Call::Provider(id) => {
                Route::item(Method::Get, "/api/game/providers", id, "", Auth::Public)
            }
            Call::Features => Route::get("/api/game/games/features", Auth::Public),
            Call::Row(collection) => Route::paged("/api/game/games", Auth::Public, 1, ROW_PER_PAGE)
                .query(&[("collection", collection)]),
            Call::Page { query, page } => {
                let mut r = Route::paged("/api/game/games", Auth::Public, *page, LIST_PER_PAGE);
                r.query.extend(query.iter().cloned());
                r
            }
            Call::Sweep(page) => {
                Route::paged("/api/game/games", Auth::Public, *page, sweep::PER_PAGE)
            }
            Call::Init => Route::get("/api/player/init", Auth::Player),
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
    type Tick = GamesTick;
    const STORED: &'static [Stored] = &[played::PLAYED, launch::RETURN_GAME];

    fn tick(&mut self, tick: GamesTick, cx: &mut Cx) {
        match tick {
            GamesTick::Search => {
                self.search_timer = None;
                let q = self.query.trim().to_string();
                if !self.index_ready && !search::words(&q).is_empty() {
                    cx.call(Self::req(Call::Search(search::clip(&q))), None);
                }
                // The sportsbook's events too, from two characters (its search's minimum).
                if sport_search::asks(&q) {
                    cx.call(Self::req(Call::SportSearch(search::clip(&q))), None);
                }
            }
            GamesTick::Kept(text) => self.kept_read(text.as_deref(), cx),
        }
    }

    fn ui(&mut self, event: GamesUi, cx: &mut Cx) {
        match event {
            GamesUi::GamesPainted => {
                if !self.meta_asked {
                    self.meta_asked = true;
                    cx.call(Self::req(Call::Providers), None);
                    cx.call(Self::req(Call::Features), None);
                }
                if self.on_lobby(cx) {
                    cx.call(Self::req(Call::Winners), None);
                }
                // The sweep's first page waits for the kept index (kept.rs).
                match self.kept {
                    KeptState::Unread => self.read_kept(cx),
                    KeptState::Absent => self.start_sweep(cx),
                    KeptState::Reading | KeptState::In { .. } => {}
                }
            }
            GamesUi::GamesWindow { from, count } => {
                let w = (from, count.min(WINDOW_MAX));
                if w != self.window {
                    self.window = w;
                    self.ask_window(cx);
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
                if cx.shared.is_player() {
                    self.player_lists(cx);
                }
                if self.paged.failed {
                    self.paged.failed = false;
                    self.paged.asked.clear();
                    self.ask_window(cx);
                    self.touch(LIST);
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
            Hook::Booted(boot) => {
                // SPEC §7: the collections list is loaded at app creation.
                cx.call(Self::req(Call::Collections), None);
                self.played.load(boot.stored.get(played::PLAYED));
                self.launch.return_to = boot.stored.get(launch::RETURN_GAME).map(str::to_string);
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
                // The player's lists bring their own games.
                self.player_lists(cx);
                self.launch.session_started(cx);
                if self.history.tab.is_some() {
                    self.history.load(cx);
                }
                self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
                true
            }
            Hook::Signal(Signal::VisitorCountry) => {
                // SPEC §5: the rows follow the visitor's country.
                if self.state == CatalogueState::Ready && self.on_lobby(cx) {
                    self.ask_rows(cx);
                }
                self.touch(LOBBY);
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
                self.game_info = None;
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
            Hook::ActiveAccount => {
                self.update_game_info(cx);
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Init => {
                if let Err(e) = answer {
                    // SPEC §8: a failed game info update is logged only; the next switch of
                    // the active account (or the next session) tells it again.
                    self.game_info = None;
                    cx.log(LogLevel::Warn, &format!("game info not updated: {e}"));
                }
            }
            Call::Favorites => {
                if let Some(list) = body(&answer) {
                    if let Some(a) = list.as_array() {
                        Rc::make_mut(&mut self.cat).add(a);
                    }
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
                    if let Some(a) = list.as_array() {
                        Rc::make_mut(&mut self.cat).add(a);
                    }
                    let entries = catalogue::games(&list)
                        .iter()
                        .filter_map(|g| {
                            let game = g.identity.as_deref()?;
                            Some(format!("{}/{game}", g.provider_identity()?))
                        })
                        .collect();
                    self.played.merge_server(entries);
                    self.played_load = ListLoad::Ready;
                    self.refresh_list();
                    self.touch(LIST);
                } else {
                    self.played_load = ListLoad::Failed;
                    self.touch(LIST);
                }
            }
            Call::SportSearch(q) => {
                if q != search::clip(self.query.trim()) {
                    return;
                }
                // A failed or unreadable answer shows no events; the games stand on their own.
                self.sport_found = body(&answer)
                    .map(|list| sport_search::hits(&list))
                    .unwrap_or_default();
                self.touch(SEARCH);
            }
            Call::Search(q) => {
                if q != self.query.trim() || self.index_ready {
                    return;
                }
                self.searching = false;
                // `{games: [..]}`: the games that have an identity, a name and a provider name.
                self.server_found = body(&answer)
                    .and_then(|b| Found::deserialize(&b).ok())
                    .map(|f| {
                        f.games
                            .into_iter()
                            .filter_map(|g| {
                                let provider = g.provider_name()?.to_string();
                                Some((g.identity?, g.name?, provider))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                self.touch(SEARCH);
            }
            Call::Recent => {
                if let Some(list) = body(&answer) {
                    self.recent = lenient_items(&list).unwrap_or_default();
                    self.touch(SEARCH);
                }
            }
            Call::ClearRecent => {}
            Call::Winners => {
                // Winners without every field are left out.
                let list: Vec<Winner> = body(&answer)
                    .and_then(|b| lenient_items(&b).ok())
                    .unwrap_or_default();
                self.winners = list
                    .into_iter()
                    .filter_map(|w| {
                        Some([
                            w.nickname,
                            w.game.identity?,
                            w.game.name?,
                            w.win,
                            w.currency,
                        ])
                    })
                    .collect();
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
            Call::Collections => {
                let read =
                    body(&answer).is_some_and(|b| Rc::make_mut(&mut self.cat).read_collections(&b));
                if read {
                    self.state = CatalogueState::Ready;
                } else {
                    cx.log(LogLevel::Warn, "games: no collections");
                    self.state = CatalogueState::Failed;
                }
                self.address_moved(None, cx);
                self.touch(LOBBY | LIST);
            }
            Call::Providers | Call::Features => {
                if let Some(b) = body(&answer) {
                    let cat = Rc::make_mut(&mut self.cat);
                    if call == Call::Providers {
                        cat.read_providers(&b);
                    } else {
                        cat.read_features(&b);
                    }
                }
                self.touch(LOBBY);
            }
            Call::Provider(id) => {
                match &answer {
                    Err(ResponseError::Status { status: 404, .. }) => {
                        self.missing_provider = Some(id);
                    }
                    _ => {
                        if let Some(b) = body(&answer) {
                            Rc::make_mut(&mut self.cat).read_providers(&b);
                        }
                    }
                }
                self.touch(LOBBY | LIST);
            }
            Call::Row(collection) => {
                let row = match page_of(&answer, "row", cx) {
                    Some(p) => {
                        let total = p.meta.total_rows;
                        let games = p.data;
                        Row::In(total, Rc::make_mut(&mut self.cat).add(&games))
                    }
                    None => Row::Failed,
                };
                if let Some(r) = self.rows.iter_mut().find(|(c, _)| *c == collection) {
                    r.1 = row;
                }
                self.touch(LOBBY);
            }
            Call::Page { query, page } => {
                if query != self.paged.query {
                    return;
                }
                match page_of(&answer, "page", cx) {
                    Some(p) => {
                        let total = p.meta.total_rows;
                        let games = p.data;
                        let places = Rc::make_mut(&mut self.cat).add(&games);
                        let paged = &mut self.paged;
                        paged.total = Some(total);
                        paged.slots.resize(total as usize, None);
                        let from = (page.saturating_sub(1) * LIST_PER_PAGE) as usize;
                        for (k, place) in places.into_iter().enumerate() {
                            if let Some(s) = paged.slots.get_mut(from + k) {
                                *s = Some(place);
                            }
                        }
                        self.ask_window(cx);
                    }
                    None => {
                        self.paged.failed = true;
                        self.paged.asked.retain(|p| *p != page);
                    }
                }
                self.touch(LIST | LOBBY);
            }
            Call::Sweep(page) => {
                let games = page_of(&answer, "sweep", cx)
                    .map(|p| (p.data, p.meta.total_pages, p.meta.total_rows));
                match games {
                    Some((games, total_pages, total_rows)) => {
                        let places = Rc::make_mut(&mut self.cat).add(&games);
                        if page == 1 && self.sweep.asking == Some(1) {
                            self.first_page(total_rows, &places);
                        }
                        match self.sweep.answered(page, total_pages, &places, &self.cat) {
                            sweep::Next::Ask(next) => {
                                cx.call(Self::req(Call::Sweep(next)), None);
                            }
                            sweep::Next::Done(index) => {
                                let order = self.sweep.order.clone();
                                self.keep(&order, cx);
                                self.index_in(index, order, cx);
                            }
                            sweep::Next::Wait | sweep::Next::Stale => {}
                        }
                        // The first page names the most played games (bonus cards' games).
                        if page == 1 {
                            cx.msg(Msg::Catalogue(Rc::clone(&self.cat)));
                        }
                    }
                    None => {
                        cx.log(LogLevel::Warn, "games: the search index stopped");
                        self.sweep.failed = true;
                    }
                }
            }
            Call::Play { identity, demo } => {
                if let Some(entry) = self.launch.play_answered(&identity, demo, answer, cx) {
                    self.played.add(entry, cx);
                }
            }
        }
        self.touch(PLAY);
    }
}

/// A `games` page (SPEC §7), or none: an unreadable one is logged with the reason. Read from
/// the text straight into the page, not through a `Value` (`json::from_str`): the sweep reads
/// pages of up to 104 KB, and a `Value` of one alone took longer to build than the typed page
/// (2.2 against 0.93 ms in headless Chrome, docs/ARCHITECTURE.md "View, events, boundary").
fn page_of(answer: &Answer, what: &str, cx: &mut Cx) -> Option<catalogue::Page> {
    let text = answer.as_ref().ok()?;
    serde_json::from_str::<catalogue::Page>(text)
        .map_err(|e| cx.log(LogLevel::Warn, &format!("games: {what}: not a page: {e}")))
        .ok()
}

fn body(answer: &Answer) -> Option<Json> {
    answer
        .as_ref()
        .ok()
        .and_then(|t| crate::json::parse(t).ok())
}

fn identities(list: &Json) -> Vec<String> {
    catalogue::games(list)
        .into_iter()
        .filter_map(|g| g.identity)
        .collect()
}

/// `GET /api/game/games/search`'s `{games: [..]}`.
#[derive(Deserialize)]
struct Found {
    #[serde(deserialize_with = "lenient_items")]
    games: Vec<catalogue::GameAnswer>,
}

/// A row of `GET /api/game/spins/winners`: `{nickname, game: {identity, name}, win, currency}`.
#[derive(Deserialize)]
struct Winner {
    nickname: String,
    game: catalogue::GameAnswer,
    win: String,
    currency: String,
}

impl Games {
    fn req(call: Call) -> crate::app::registry::Req {
        crate::app::registry::Req::Games(call)
    }

    /// The player's lists; favourites and played games only while not already asked for or in
    /// (a retry asks again for what failed).
    /// Tell the platform's game side the player's active currency once a session knows it,
    /// and again when the player switches accounts (never twice for the same one).
    fn update_game_info(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        let Some(currency) = cx.shared.active_currency.clone() else {
            return;
        };
        if self.game_info.as_deref() != Some(currency.as_str()) {
            self.game_info = Some(currency);
            cx.call(Self::req(Call::Init), None);
        }
    }

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

    /// The search index is ready (`order`: its games' places): searches run in the client
    /// from now on.
    fn index_in(&mut self, index: search::Index, order: Vec<u32>, cx: &mut Cx) {
        self.index = Rc::new(index);
        self.indexed = order;
        self.index_ready = true;
        cx.msg(Msg::Catalogue(Rc::clone(&self.cat)));
        self.server_found.clear();
        // Played games this device remembers may name games only the sweep brought.
        self.refresh_list();
        let q = std::mem::take(&mut self.query);
        self.search(q, cx);
        self.touch(LOBBY | LIST | SEARCH | PLAY | HISTORY);
    }

    /// Collections shown to this visitor (SPEC §5): not hidden, for their country.
    pub fn listed(&self, country: Option<&str>) -> Vec<usize> {
        view::listed(&self.cat, country)
    }

    fn on_lobby(&self, cx: &Cx) -> bool {
        cx.shared.route.as_ref().ok().is_some_and(|r| {
            matches!(
                r.route_name(),
                Some(RouteName::Index) | Some(RouteName::Games)
            )
        })
    }

    /// The lobby's rows: one small `games` call per collection shown, once.
    fn ask_rows(&mut self, cx: &mut Cx) {
        for c in self.listed(cx.shared.collections_country()) {
            let Some(col) = self.cat.collections.get(c) else {
                continue;
            };
            let id = col.info.identity.clone();
            match self.rows.iter_mut().find(|(r, _)| *r == id) {
                Some((_, Row::Asked | Row::In(..))) => continue,
                Some((_, row)) => *row = Row::Asked,
                None => self.rows.push((id.clone(), Row::Asked)),
            }
            cx.call(Self::req(Call::Row(id)), None);
        }
    }

    /// Asks for the pages of the list that the grid's window shows and are not asked yet.
    fn ask_window(&mut self, cx: &mut Cx) {
        let paged = &mut self.paged;
        if paged.query.is_empty() || paged.failed {
            return;
        }
        let (from, count) = self.window;
        let count = if count == 0 { 48 } else { count };
        let last = from.saturating_add(count.max(1) - 1);
        let last = match paged.total {
            Some(0) => 0,
            Some(t) => last.min(t - 1),
            None => 0,
        };
        let first_page = from.min(last) / LIST_PER_PAGE + 1;
        let last_page = last / LIST_PER_PAGE + 1;
        for page in first_page..=last_page {
            if !paged.asked.contains(&page) {
                paged.asked.push(page);
                cx.call(
                    Self::req(Call::Page {
                        query: paged.query.clone(),
                        page,
                    }),
                    None,
                );
            }
        }
    }

    /// The page's list, the filter and the game page follow the address.
    fn address_moved(&mut self, from: Option<String>, cx: &mut Cx) {
        let route = cx.shared.route.as_ref().ok();
        let listing = if self.state == CatalogueState::Loading {
            None
        } else {
            route.and_then(|r| filter::listing(r, &self.cat))
        };
        let filter = Filter::from_location(&cx.shared.location);
        if listing != self.listing || filter != self.filter {
            if listing != self.listing {
                self.window = (0, 0);
            }
            if let Some(Listing::Provider(p)) = &listing {
                if self.listing.as_ref() != listing.as_ref() {
                    self.missing_provider = None;
                    cx.call(Self::req(Call::Provider(p.clone())), None);
                }
            }
            self.listing = listing;
            self.filter = filter;
            let query = self
                .listing
                .as_ref()
                .and_then(|l| filter::query(&self.cat, l, &self.filter))
                .unwrap_or_default();
            if query != self.paged.query {
                self.paged = Paged {
                    query,
                    ..Paged::default()
                };
                self.ask_window(cx);
            }
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
        // The ticker is part of the lobby: asked for with it, once the page painted.
        if lobby && from.is_some() && self.meta_asked {
            cx.call(Self::req(Call::Winners), None);
        }
        if lobby && self.state == CatalogueState::Ready {
            self.ask_rows(cx);
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

    /// Rebuild the favourites or played list (address, favourites or plays changed).
    fn refresh_list(&mut self) {
        let cat = &self.cat;
        let by_identity = |ids: &mut dyn Iterator<Item = &str>| -> Vec<u32> {
            ids.filter_map(|id| cat.game(id).map(|i| i as u32))
                .collect()
        };
        self.list = match &self.listing {
            Some(Listing::Favorites) => by_identity(&mut self.favorites.iter().map(String::as_str)),
            Some(Listing::Played) => by_identity(
                &mut self
                    .played
                    .list
                    .iter()
                    .map(|e| e.split_once('/').map_or(e.as_str(), |(_, g)| g)),
            ),
            _ => Vec::new(),
        };
    }

    fn search(&mut self, query: String, cx: &mut Cx) {
        self.query = query;
        let q = self.query.trim().to_string();
        if self.index_ready {
            // A platform search still on its way (asked before the index came) is not waited
            // for: its answer is dropped.
            self.searching = false;
            let (games, providers) = self.index.search(&q, SEARCH_LIMIT);
            self.found = games
                .iter()
                .filter_map(|&i| self.indexed.get(i as usize).copied())
                .collect();
            self.found_providers = providers;
            // A stale kept index answers while this visit's sweep replaces it.
            let stale = matches!(
                self.kept,
                KeptState::In {
                    verdict: kept::Verdict::Stale,
                    ..
                }
            );
            if stale && !search::words(&q).is_empty() {
                if let Some(page) = self.sweep.want() {
                    cx.call(Self::req(Call::Sweep(page)), None);
                }
            }
        } else if search::words(&q).is_empty() {
            self.server_found.clear();
            self.searching = false;
        } else {
            self.searching = true;
            // The index is built from now on (in the background), or read from the kept
            // record first; the server searches until it is ready.
            match self.kept {
                KeptState::Unread => {
                    self.sweep.wanted = true;
                    self.read_kept(cx);
                }
                KeptState::Reading => self.sweep.wanted = true,
                KeptState::Absent | KeptState::In { .. } => {
                    if let Some(page) = self.sweep.want() {
                        cx.call(Self::req(Call::Sweep(page)), None);
                    }
                }
            }
        }
        // One pause for the platform's searches: games while the index is not ready, and the
        // sportsbook's events.
        if let Some(t) = self.search_timer.take() {
            cx.cancel(t);
        }
        if !sport_search::asks(&q) {
            self.sport_found.clear();
        }
        if self.searching || sport_search::asks(&q) {
            let tick = crate::app::registry::Tick::Games(GamesTick::Search);
            self.search_timer = Some(cx.timer(SEARCH_DEBOUNCE_MS, tick));
        }
        self.touch(SEARCH);
    }

    /// Ask the runtime for the kept index, once.
    fn read_kept(&mut self, cx: &mut Cx) {
        if self.kept == KeptState::Unread {
            self.kept = KeptState::Reading;
            let key = kept::key(&cx.config.api_base);
            cx.effect(crate::app::effect::Effect::KeptIndex(kept::Cmd::Read {
                key,
            }));
        }
    }

    /// The sweep's first page (and the rest when the visitor already searched).
    fn start_sweep(&mut self, cx: &mut Cx) {
        let page = if self.sweep.wanted {
            self.sweep.want()
        } else {
            self.sweep.start()
        };
        if let Some(page) = page {
            cx.call(Self::req(Call::Sweep(page)), None);
        }
    }

    /// The runtime's answer to `kept::Cmd::Read`: the index from the record at once, or the
    /// sweep as before (none kept, storage failed, a corrupt or older record).
    fn kept_read(&mut self, text: Option<&str>, cx: &mut Cx) {
        if self.kept != KeptState::Reading {
            return;
        }
        let key = kept::key(&cx.config.api_base);
        let record = text.and_then(|t| {
            let r = kept::Record::decode(t, &key);
            if r.is_none() {
                cx.log(
                    LogLevel::Warn,
                    "games: the kept search index is unreadable or of another format; sweeping again",
                );
            }
            r
        });
        let Some(record) = record else {
            self.kept = KeptState::Absent;
            self.start_sweep(cx);
            return;
        };
        let verdict = kept::verdict(record.saved_at, cx.now);
        let order = record.install(Rc::make_mut(&mut self.cat));
        let index = kept::index_of(&order, &self.cat);
        self.kept = KeptState::In {
            verdict,
            total_rows: record.total_rows,
            first: record.first_identities(),
        };
        self.index_in(index, order, cx);
        match verdict {
            kept::Verdict::Fresh => {}
            // The first page says whether the record still holds.
            kept::Verdict::Check => self.start_sweep(cx),
            kept::Verdict::Stale => {
                if self.sweep.wanted {
                    self.start_sweep(cx);
                }
            }
        }
    }

    /// The sweep's first page answered: kept for the next record, and compared with the record
    /// in use when its age asks for it.
    fn first_page(&mut self, total_rows: u32, places: &[u32]) {
        self.sweep.total_rows = total_rows;
        self.sweep.first = places.len() as u32;
        if let KeptState::In {
            verdict: verdict @ kept::Verdict::Check,
            total_rows: kept_total,
            first,
        } = &mut self.kept
        {
            let ids: Vec<&str> = places
                .iter()
                .filter_map(|&p| self.cat.games.get(p as usize))
                .map(|g| g.identity.as_str())
                .collect();
            *verdict = if kept::first_page_agrees(*kept_total, first, total_rows, &ids) {
                kept::Verdict::Fresh
            } else {
                kept::Verdict::Stale
            };
            // Stale, and the visitor already searched: the new sweep goes on from here.
            if *verdict == kept::Verdict::Stale && !search::words(self.query.trim()).is_empty() {
                self.sweep.wanted = true;
            }
        }
    }

    /// A finished sweep is written for the next visit.
    fn keep(&mut self, order: &[u32], cx: &mut Cx) {
        let key = kept::key(&cx.config.api_base);
        let record = kept::Record::from_sweep(
            key.clone(),
            cx.now,
            self.sweep.total_rows,
            self.sweep.first,
            order,
            &self.cat,
        );
        self.kept = KeptState::In {
            verdict: kept::Verdict::Fresh,
            total_rows: record.total_rows,
            first: record.first_identities(),
        };
        let text = record.encode();
        cx.effect(crate::app::effect::Effect::KeptIndex(kept::Cmd::Write {
            key,
            text,
        }));
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
