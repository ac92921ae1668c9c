//! SPEC §7 Games: collections, providers, games with filters, one game, launch, favourites,
//! played, features, search, recent searches, spins, bets, winners; plus the tile images and
//! the demo slot (docs/API.md "Games").

pub mod catalogue;
mod images;
mod info;
pub mod slot;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::{self, AuthPlayer};
use crate::db::games as store;
use crate::error::{ApiError, ApiPath, ApiResult};
use crate::state::AppState;
use catalogue::{Catalogue, Game, CATALOGUE};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/game/collections", get(collections))
        .route("/api/game/providers", get(providers))
        .route("/api/game/providers/{id}", get(provider))
        // The catalogue's pages (up to ~100 KB of JSON each, the search index is swept from
        // them) go compressed, as a platform behind any web server sends them.
        .route(
            "/api/game/games",
            get(list).layer(tower_http::compression::CompressionLayer::new()),
        )
        .route("/api/game/games/features", get(features))
        .route("/api/game/games/favorites", get(favorites))
        .route("/api/game/games/played", get(played))
        .route("/api/game/games/search", get(search))
        .route("/api/game/games/{id}", get(show))
        .route("/api/game/games/{id}/play", post(play))
        .route(
            "/api/game/games/{id}/favorite",
            post(favorite_add).delete(favorite_remove),
        )
        .route("/api/game/search/recent", get(recent).delete(recent_clear))
        .route("/api/game/spins", get(spins))
        .route("/api/game/bets", get(bets))
        .route("/api/game/spins/winners", get(winners))
        .route("/api/player/init", get(info::init))
        .route("/api/game/images/{identity}/{file}", get(images::tile))
        .route("/slot/{token}", get(slot::page))
        .route("/api/game/slot/{token}", get(slot::state))
        .route("/api/game/slot/{token}/spin", post(slot::spin))
}

/// Query pairs, brackets stripped (`providers[]=a` is `providers=a`).
pub(crate) fn pairs(raw: &Option<String>) -> Vec<(String, String)> {
    raw.as_deref()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k).trim_end_matches("[]").to_string(), decode(v))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match std::str::from_utf8(&bytes[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn first<'a>(q: &'a [(String, String)], key: &str) -> Option<&'a str> {
    q.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

fn all<'a>(q: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    q.iter()
        .filter(|(k, _)| k == key)
        .flat_map(|(_, v)| v.split(','))
        .filter(|v| !v.is_empty())
        .collect()
}

fn paging(q: &[(String, String)], default: i64) -> ApiResult<(i64, i64)> {
    let num = |key: &str, d: i64, max: i64| -> ApiResult<i64> {
        match first(q, key) {
            None => Ok(d),
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(ApiError::bad_request(format!(
                    "{key} must be a whole number from 1 to {max}."
                ))),
            },
        }
    };
    Ok((num("page", 1, 100_000)?, num("perPage", default, 200)?))
}

fn meta(page: i64, per_page: i64, total: i64) -> Value {
    json!({
        "page": page,
        "perPage": per_page,
        "totalPages": (total + per_page - 1) / per_page,
        "totalRows": total,
    })
}

/// The player when a valid bearer token came, else a guest.
fn optional_player(state: &AppState, headers: &HeaderMap) -> Option<i64> {
    optional_session(state, headers).map(|p| p.player_id)
}

fn optional_session(state: &AppState, headers: &HeaderMap) -> Option<auth::AuthPlayer> {
    auth::bearer(headers).and_then(|t| auth::authenticate(state, t).ok())
}

pub(crate) fn image_set(identity: &str, shape: &str) -> Value {
    let url = |n: u8| format!("/api/game/images/{identity}/{shape}@{n}x.svg");
    json!({"1x": url(1), "2x": url(2), "3x": url(3)})
}

pub(crate) fn game_json(c: &Catalogue, g: &Game) -> Value {
    let p = &c.providers[g.provider];
    json!({
        "id": g.id,
        "identity": g.identity,
        "name": g.name,
        "provider": {"id": p.id, "identity": p.identity, "name": p.name},
        "images": {"1x1": image_set(&g.identity, "1x1"), "3x4": image_set(&g.identity, "3x4")},
        "hasDemo": g.has_demo,
        "isMobile": g.mobile,
        "features": c.features.iter().enumerate()
            .filter(|(i, _)| g.features & (1 << i) != 0).map(|(_, f)| f.id).collect::<Vec<_>>(),
    })
}

/// SPEC §5: collections are filtered by the visitor's country header. Behind an edge that
/// names the country (`CF-IPCountry` / `X-Country-Code`) the answer holds only the collections
/// visible there (an empty country list is visible everywhere); without the header, all of
/// them (the client filters by the country it knows).
async fn collections(headers: HeaderMap) -> Json<Vec<Value>> {
    let c = &*CATALOGUE;
    let country = crate::routes::pages::edge_country(&headers);
    Json(
        c.collections
            .iter()
            .enumerate()
            .filter(|(_, col)| {
                country.as_ref().is_none_or(|v| {
                    col.countries.is_empty()
                        || col.countries.iter().any(|x| x.eq_ignore_ascii_case(v))
                })
            })
            .map(|(i, col)| {
                json!({
                    "id": col.id,
                    "identity": col.identity,
                    "name": col.name,
                    "isHidden": col.is_hidden,
                    "countries": col.countries,
                    "gamesCount": c.games.iter().filter(|g| g.collections & (1 << i) != 0).count(),
                })
            })
            .collect(),
    )
}

fn provider_json(c: &Catalogue, i: usize) -> Value {
    let p = &c.providers[i];
    json!({
        "id": p.id,
        "identity": p.identity,
        "name": p.name,
        "gamesCount": c.games.iter().filter(|g| g.provider == i).count(),
    })
}

async fn providers() -> Json<Vec<Value>> {
    let c = &*CATALOGUE;
    Json(
        (0..c.providers.len())
            .map(|i| provider_json(c, i))
            .collect(),
    )
}

async fn provider(ApiPath(id): ApiPath<String>) -> ApiResult<Json<Value>> {
    let c = &*CATALOGUE;
    let (i, _) = c.provider(&id).ok_or_else(ApiError::not_found)?;
    Ok(Json(provider_json(c, i)))
}

/// `collection`, `providers[]`, `features[]`, `search`, `sort` (popular | new | name),
/// `page`, `perPage`.
async fn list(RawQuery(raw): RawQuery) -> ApiResult<Json<Value>> {
    let q = pairs(&raw);
    let c = &*CATALOGUE;
    let (page, per_page) = paging(&q, 24)?;
    let collection = match first(&q, "collection") {
        Some(id) => Some(
            c.collection(id)
                .ok_or_else(|| ApiError::bad_request("Unknown collection."))?
                .0,
        ),
        None => None,
    };
    let providers: Vec<usize> = all(&q, "providers")
        .iter()
        .filter_map(|p| c.provider(p).map(|(i, _)| i))
        .collect();
    let features: u32 = all(&q, "features")
        .iter()
        .filter_map(|f| f.parse::<usize>().ok())
        .filter(|f| (1..=c.features.len()).contains(f))
        .fold(0, |m, f| m | 1 << (f - 1));
    let search = first(&q, "search").map(catalogue::slug);
    let mut games: Vec<&Game> = c
        .games
        .iter()
        .filter(|g| collection.is_none_or(|i| g.collections & (1 << i) != 0))
        .filter(|g| providers.is_empty() || providers.contains(&g.provider))
        .filter(|g| g.features & features == features)
        .filter(|g| search.as_deref().is_none_or(|s| g.identity.contains(s)))
        .collect();
    match first(&q, "sort") {
        Some("new") => games.sort_by_key(|g| std::cmp::Reverse(g.released)),
        Some("name") => games.sort_by(|a, b| a.name.cmp(&b.name)),
        Some("popular") | None => {}
        Some(_) => return Err(ApiError::bad_request("sort must be popular, new or name.")),
    }
    let total = games.len() as i64;
    let data: Vec<Value> = games
        .iter()
        .skip(((page - 1) * per_page) as usize)
        .take(per_page as usize)
        .map(|g| game_json(c, g))
        .collect();
    Ok(Json(
        json!({"data": data, "meta": meta(page, per_page, total)}),
    ))
}

async fn features() -> Json<Vec<Value>> {
    Json(
        CATALOGUE
            .features
            .iter()
            .map(|f| json!({"id": f.id, "name": f.name}))
            .collect(),
    )
}

async fn show(ApiPath(id): ApiPath<String>) -> ApiResult<Json<Value>> {
    let c = &*CATALOGUE;
    let g = c.game(&id).ok_or_else(ApiError::not_found)?;
    Ok(Json(game_json(c, g)))
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct PlayBody {
    demo: Option<bool>,
}

/// A launch URL for the game frame. Real play needs a player with an active account; demo
/// play needs a game that has a demo.
async fn play(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    body: axum::body::Bytes,
) -> ApiResult<Json<Value>> {
    let c = &*CATALOGUE;
    let g = c.game(&id).ok_or_else(ApiError::not_found)?;
    // The body is optional (real play by default).
    let demo = if body.iter().all(u8::is_ascii_whitespace) {
        false
    } else {
        serde_json::from_slice::<PlayBody>(&body)
            .map_err(|_| ApiError::bad_request("The body is not valid JSON."))?
            .demo
            .unwrap_or(false)
    };
    let session = optional_session(&state, &headers);
    let player = session.map(|p| p.player_id);
    if !demo && player.is_none() {
        return Err(ApiError::unauthorized());
    }
    if demo && !g.has_demo {
        return Err(ApiError::unprocessable(
            "demo_unavailable",
            "This game has no demo mode.",
            crate::error::FieldErrors::new(),
        ));
    }
    let conn = state.db();
    let account_id = if demo {
        None
    } else {
        let pid = player.unwrap_or_default();
        // A self-exclusion or cooling-off closes real play until it ends (issue 14).
        crate::routes::limits::refuse_if_excluded(
            &conn,
            pid,
            crate::routes::limits::GAME_LIMIT_CODE,
        )?;
        let account = crate::db::accounts::active(&conn, pid)?.ok_or_else(|| {
            ApiError::unprocessable(
                "no_active_account",
                "Open an account to play for real.",
                crate::error::FieldErrors::new(),
            )
        })?;
        store::mark_played(&conn, pid, g.id)?;
        Some(account.id)
    };
    let token = slot::new_token();
    store::create_launch(
        &conn,
        &token,
        &store::Launch {
            player_id: player,
            game_id: g.id,
            demo,
            account_id,
            demo_balance: slot::DEMO_BALANCE,
        },
        session.map(|p| p.session_id),
    )?;
    Ok(Json(json!({"url": format!("/slot/{token}"), "demo": demo})))
}

fn games_json(ids: &[i64]) -> Vec<Value> {
    let c = &*CATALOGUE;
    ids.iter()
        .filter_map(|id| c.games.iter().find(|g| g.id == *id))
        .map(|g| game_json(c, g))
        .collect()
}

async fn favorites(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Vec<Value>>> {
    let ids = store::favorites(&state.db(), who.player_id)?;
    Ok(Json(games_json(&ids)))
}

async fn favorite_set(
    state: &AppState,
    who: &AuthPlayer,
    id: &str,
    on: bool,
) -> ApiResult<StatusCode> {
    let g = CATALOGUE.game(id).ok_or_else(ApiError::not_found)?;
    store::set_favorite(&state.db(), who.player_id, g.id, on)?;
    Ok(StatusCode::NO_CONTENT)
}

async fn favorite_add(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    favorite_set(&state, &who, &id, true).await
}

async fn favorite_remove(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    favorite_set(&state, &who, &id, false).await
}

async fn played(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Vec<Value>>> {
    let ids = store::played(&state.db(), who.player_id)?;
    Ok(Json(games_json(&ids)))
}

/// Server search (the client's fallback before its catalogue is in): games whose slug holds
/// every word, then providers; a signed-in player's query joins their recent searches.
async fn search(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = pairs(&raw);
    let query = first(&q, "query")
        .or_else(|| first(&q, "search"))
        .unwrap_or("")
        .trim()
        .to_string();
    if query.chars().count() > 100 {
        return Err(ApiError::bad_request(
            "The query may not be longer than 100 characters.",
        ));
    }
    let c = &*CATALOGUE;
    let words: Vec<String> = query
        .split_whitespace()
        .map(catalogue::slug)
        .filter(|w| !w.is_empty())
        .collect();
    let (games, providers) = if words.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let games: Vec<Value> = c
            .games
            .iter()
            .filter(|g| words.iter().all(|w| g.identity.contains(w.as_str())))
            .take(20)
            .map(|g| game_json(c, g))
            .collect();
        let providers: Vec<Value> = (0..c.providers.len())
            .filter(|&i| {
                words
                    .iter()
                    .all(|w| c.providers[i].identity.contains(w.as_str()))
            })
            .take(5)
            .map(|i| provider_json(c, i))
            .collect();
        (games, providers)
    };
    if let Some(pid) = optional_player(&state, &headers) {
        if !words.is_empty() {
            store::add_recent(&state.db(), pid, &query)?;
        }
    }
    Ok(Json(json!({"games": games, "providers": providers})))
}

async fn recent(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Vec<String>>> {
    Ok(Json(store::recent(&state.db(), who.player_id)?))
}

async fn recent_clear(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<StatusCode> {
    store::clear_recent(&state.db(), who.player_id)?;
    Ok(StatusCode::NO_CONTENT)
}

pub fn spin_json(conn: &rusqlite::Connection, s: &store::Spin, bet: bool) -> Value {
    let c = &*CATALOGUE;
    let unit = crate::db::catalog::enabled_currency(conn, &s.currency)
        .ok()
        .flatten()
        .map(|c| c.subunit_to_unit)
        .unwrap_or(100);
    let game = c.games.iter().find(|g| g.id == s.game_id);
    let mut v = json!({
        "id": s.id,
        "gameIdentity": game.map(|g| g.identity.as_str()).unwrap_or_default(),
        "gameName": s.label.as_deref().or(game.map(|g| g.name.as_str())).unwrap_or_default(),
        "currency": s.currency,
        "win": crate::money::format_minor(s.win, unit),
        "createdAt": s.created_at,
    });
    if bet {
        v["amount"] = json!(crate::money::format_minor(s.bet, unit));
        v["isSettled"] = json!(s.is_settled);
    } else {
        v["bet"] = json!(crate::money::format_minor(s.bet, unit));
    }
    v
}

async fn spins(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = pairs(&raw);
    let (page, per_page) = paging(&q, 20)?;
    let conn = state.db();
    let (rows, total) = store::spins(&conn, who.player_id, page, per_page)?;
    let data: Vec<Value> = rows.iter().map(|s| spin_json(&conn, s, false)).collect();
    Ok(Json(
        json!({"data": data, "meta": meta(page, per_page, total)}),
    ))
}

async fn bets(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = pairs(&raw);
    let (page, per_page) = paging(&q, 20)?;
    let settled = match first(&q, "isSettled") {
        None | Some("true") | Some("1") => true,
        Some("false") | Some("0") => false,
        Some(_) => return Err(ApiError::bad_request("isSettled must be true or false.")),
    };
    let conn = state.db();
    let (rows, total) = store::bets(&conn, who.player_id, settled, page, per_page)?;
    let data: Vec<Value> = rows.iter().map(|s| spin_json(&conn, s, true)).collect();
    Ok(Json(
        json!({"data": data, "meta": meta(page, per_page, total)}),
    ))
}

async fn winners(State(state): State<AppState>) -> ApiResult<Json<Vec<Value>>> {
    let conn = state.db();
    let c = &*CATALOGUE;
    let rows = store::winners(&conn)?;
    Ok(Json(
        rows.into_iter()
            .filter_map(|(name, game_id, currency, win)| {
                let g = c.games.iter().find(|g| g.id == game_id)?;
                let unit = crate::db::catalog::enabled_currency(&conn, &currency)
                    .ok()
                    .flatten()?
                    .subunit_to_unit;
                Some(json!({
                    "nickname": crate::routes::games::mask(&name),
                    "game": game_json(c, g),
                    "currency": currency,
                    "win": crate::money::format_minor(win, unit),
                }))
            })
            .collect(),
    ))
}

/// A winner's name as others see it: the first two characters, then ***.
pub(crate) fn mask(name: &str) -> String {
    let head: String = name.chars().take(2).collect();
    format!("{head}***")
}
