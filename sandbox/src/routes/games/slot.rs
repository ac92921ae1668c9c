//! The demo slot the game frame shows: three reels, a bet, a spin. Real mode debits and
//! credits the player's active account in one transaction, writes a spin and a bet, and pushes
//! the account, the spin and the bet; demo mode plays with play money kept on the launch.
//! A bet over the max bet is refused with the `game.bet.max.exceed` push (SPEC §8), a bet in a
//! game the operator restricts (control API) with the `game.bet.restricted` push. A real spin
//! also publishes `bet.placebet`, as a sportsbook stake does, so the bet analytics fire for
//! casino play too (SPEC §4).

use axum::extract::State;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use rand::Rng;
use serde::Deserialize;
use serde_json::{json, Value};

use super::catalogue::CATALOGUE;
use crate::db::{self, accounts, games as store};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;

/// Play money a demo launch starts with (minor units of a 100-per-unit currency).
pub const DEMO_BALANCE: i64 = 100_000;
/// The max bet per spin, in units of the account's currency.
pub const MAX_BET_UNITS: i64 = 100;

// Plain glyphs every system font has.
const SYMBOLS: &[&str] = &["7", "★", "♦", "♣", "♠", "♥"];

/// The pay table, as a multiple of the bet: three of a kind pays 7 + 3 × the symbol's index
/// (7 for "7" up to 22 for "♥"), two neighbours alike (first and second, or second and third)
/// pay 2. Over the 216 equally likely outcomes that returns 207/216 = 95.8 % of the stakes:
/// the house keeps 4.2 %, as any real slot keeps something (issue 32: it returned 118 %).
fn payout(reels: [usize; 3]) -> i64 {
    if reels[0] == reels[1] && reels[1] == reels[2] {
        7 + reels[0] as i64 * 3
    } else if reels[0] == reels[1] || reels[1] == reels[2] {
        2
    } else {
        0
    }
}

/// Three reels, each symbol equally likely.
fn spin_reels(rng: &mut impl Rng) -> [usize; 3] {
    [0; 3].map(|_| rng.random_range(0..SYMBOLS.len()))
}

pub fn new_token() -> String {
    let mut rng = rand::rng();
    (0..24)
        .map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)]))
        .collect()
}

pub async fn page(ApiPath(token): ApiPath<String>) -> Response {
    let html = include_str!("slot.html").replace("__TOKEN__", &token.replace(['"', '<', '\''], ""));
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Html(html),
    )
        .into_response()
}

fn unit_of(conn: &rusqlite::Connection, code: &str) -> i64 {
    crate::db::catalog::enabled_currency(conn, code)
        .ok()
        .flatten()
        .map(|c| c.subunit_to_unit)
        .unwrap_or(100)
}

/// What the frame shows before the first spin: game name, mode, balance.
pub async fn state(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let l = store::launch(&conn, &token)?.ok_or_else(ApiError::not_found)?;
    let game = CATALOGUE
        .games
        .iter()
        .find(|g| g.id == l.game_id)
        .ok_or_else(ApiError::not_found)?;
    let (balance, currency) = balance_of(&conn, &l)?;
    Ok(Json(
        json!({"game": game.name, "demo": l.demo, "balance": balance, "currency": currency}),
    ))
}

fn balance_of(conn: &rusqlite::Connection, l: &store::Launch) -> ApiResult<(String, String)> {
    if l.demo {
        return Ok((
            crate::money::format_minor(l.demo_balance, 100),
            "FUN".into(),
        ));
    }
    let a = accounts::get(
        conn,
        l.player_id.unwrap_or_default(),
        l.account_id.unwrap_or_default(),
    )?
    .ok_or_else(ApiError::not_found)?;
    Ok((
        crate::money::format_minor(a.balance_minor, a.subunit_to_unit),
        a.currency,
    ))
}

#[derive(Deserialize)]
pub struct SpinBody {
    bet: String,
}

pub async fn spin(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
    ApiJson(body): ApiJson<SpinBody>,
) -> ApiResult<Json<Value>> {
    let reels = spin_reels(&mut rand::rng());
    let mult = payout(reels);
    let symbols: Vec<&str> = reels.iter().map(|&i| SYMBOLS[i]).collect();
    let conn = state.db();
    let l = store::launch(&conn, &token)?.ok_or_else(ApiError::not_found)?;
    if l.demo {
        let bet = crate::money::parse_minor(body.bet.trim(), 100)
            .filter(|b| *b > 0)
            .ok_or_else(|| {
                ApiError::field(
                    "validation_failed",
                    "bet",
                    "The bet must be a positive amount.",
                )
            })?;
        if bet > l.demo_balance {
            return Err(ApiError::field(
                "insufficient_funds",
                "bet",
                "Not enough play money.",
            ));
        }
        let balance = l.demo_balance - bet + bet * mult;
        store::set_demo_balance(&conn, &token, balance)?;
        return Ok(Json(
            json!({"reels": symbols, "win": crate::money::format_minor(bet * mult, 100), "balance": crate::money::format_minor(balance, 100), "currency": "FUN"}),
        ));
    }
    let player_id = l.player_id.unwrap_or_default();
    let account = accounts::get(&conn, player_id, l.account_id.unwrap_or_default())?
        .ok_or_else(ApiError::not_found)?;
    let unit = unit_of(&conn, &account.currency);
    let bet = crate::money::parse_minor(body.bet.trim(), unit)
        .filter(|b| *b > 0)
        .ok_or_else(|| {
            ApiError::field(
                "validation_failed",
                "bet",
                "The bet must be a positive amount.",
            )
        })?;
    if bet > MAX_BET_UNITS * unit {
        let max = crate::money::format_minor(MAX_BET_UNITS * unit, unit);
        realtime::publish(
            &state,
            &format!("game:bets#{player_id}"),
            json!({"event": "game.bet.max.exceed", "data": {"amount": max, "currency": account.currency}}),
        );
        return Err(ApiError::unprocessable(
            "max_bet_exceeded",
            format!("The max bet is {max} {}.", account.currency),
            FieldErrors::new(),
        ));
    }
    let game = CATALOGUE.games.iter().find(|g| g.id == l.game_id);
    let identity = game.map(|g| g.identity.as_str()).unwrap_or_default();
    let name = game.map(|g| g.name.as_str()).unwrap_or_default();
    let restricted = state
        .restricted_games
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains(identity);
    if restricted {
        realtime::publish(
            &state,
            &format!("game:bets#{player_id}"),
            json!({"event": "game.bet.restricted", "data": {
                "gameIdentity": identity, "gameName": name, "amount": body.bet.trim(),
                "currency": account.currency,
            }}),
        );
        return Err(ApiError::unprocessable(
            "bet_restricted",
            "This bet is not allowed in this game.",
            FieldErrors::new(),
        ));
    }
    // The player's own limits: exclusion, bet and loss limits over slot rounds (issue 14).
    crate::routes::limits::check_spin(&conn, player_id, &account.currency, unit, bet)?;
    if bet > account.balance_minor {
        return Err(ApiError::field(
            "insufficient_funds",
            "bet",
            "Not enough money on the account.",
        ));
    }
    let win = bet * mult;
    let now = db::now();
    let row = store::Spin {
        id: 0,
        game_id: l.game_id,
        currency: account.currency.clone(),
        bet,
        win,
        created_at: now,
        is_settled: true,
        label: None,
    };
    let (spin_id, bet_id, after) = {
        let tx = conn.unchecked_transaction()?;
        accounts::set_balance(&tx, account.id, account.balance_minor - bet + win)?;
        let spin_id = store::add_spin(&tx, player_id, &row)?;
        let bet_id = store::add_bet(&tx, player_id, &row)?;
        tx.commit()?;
        let after = accounts::get(&conn, player_id, account.id)?.ok_or_else(ApiError::not_found)?;
        (spin_id, bet_id, after)
    };
    drop(conn);
    realtime::publish_account(&state, &after);
    // Real play wagers the active bonus (when it applies to this game) and counts for quests,
    // loyalty and cashback, as a platform's game round does.
    let stake = crate::routes::bonuses::Stake {
        player: player_id,
        currency: &account.currency,
        amount: bet,
        win,
        settled: true,
        game_id: Some(l.game_id),
        free_spin: false,
    };
    crate::routes::bonuses::on_stake(&state, &stake)?;
    let (bet_s, win_s) = (
        crate::money::format_minor(bet, unit),
        crate::money::format_minor(win, unit),
    );
    realtime::publish(
        &state,
        &format!("game:spins#{player_id}"),
        json!({
            "id": spin_id, "gameIdentity": identity, "gameName": name, "currency": account.currency,
            "bet": bet_s, "win": win_s, "createdAt": now,
        }),
    );
    let bet_object = json!({
        "id": bet_id, "gameIdentity": identity, "gameName": name, "currency": account.currency,
        "amount": bet_s, "win": win_s, "isSettled": true, "createdAt": now,
    });
    let bets = format!("game:bets#{player_id}");
    realtime::publish(&state, &bets, bet_object.clone());
    realtime::publish(
        &state,
        &bets,
        json!({"event": "bet.placebet", "data": bet_object}),
    );
    Ok(Json(json!({
        "reels": symbols,
        "win": win_s,
        "balance": crate::money::format_minor(after.balance_minor, unit),
        "currency": after.currency,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_pay_table_returns_less_than_it_takes() {
        let n = SYMBOLS.len();
        let mut paid = 0;
        for a in 0..n {
            for b in 0..n {
                for c in 0..n {
                    paid += payout([a, b, c]);
                }
            }
        }
        assert_eq!((paid, n * n * n), (207, 216), "95.8 % exactly");
    }

    #[test]
    fn a_million_seeded_spins_return_about_96_percent() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(32);
        let spins = 1_000_000;
        let paid: i64 = (0..spins).map(|_| payout(spin_reels(&mut rng))).sum();
        let rtp = paid as f64 / spins as f64;
        // One spin has a standard deviation of about 2.6 bets, the mean of a million 0.0026.
        assert!((0.95..0.967).contains(&rtp), "return {rtp}");
    }
}
