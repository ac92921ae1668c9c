//! Access tokens: issuing them and checking the bearer on requests.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::db::{self, sessions};
use crate::error::ApiError;
use crate::jwt::{self, Claims};
use crate::state::AppState;

/// An expired token may still be refreshed if it was issued at most this long ago.
pub const REFRESH_WINDOW_SECS: i64 = 30 * 24 * 3600;

pub fn issue_token(state: &AppState, player_id: i64, session_id: i64) -> String {
    let iat = db::now();
    let claims = Claims {
        sub: player_id.to_string(),
        sid: session_id,
        iat,
        exp: iat + state.token_ttl() as i64,
    };
    jwt::sign(&state.jwt_secret, &claims)
}

/// Why a token was refused; the websocket reports the two cases with different codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenError {
    Invalid,
    Expired,
}

/// A logged-in caller: valid signature, not expired, session open.
#[derive(Debug, Clone, Copy)]
pub struct AuthPlayer {
    pub player_id: i64,
    pub session_id: i64,
}

pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// Full check of a token for normal use.
pub fn authenticate(state: &AppState, token: &str) -> Result<AuthPlayer, TokenError> {
    let (claims, player_id) = signed_claims(state, token)?;
    if claims.exp <= db::now() {
        return Err(TokenError::Expired);
    }
    session_check(state, &claims, player_id)
}

/// Check for refresh and logout: the token may be expired, but must be validly signed,
/// issued within [`REFRESH_WINDOW_SECS`], and name an open session.
pub fn authenticate_for_refresh(state: &AppState, token: &str) -> Result<AuthPlayer, TokenError> {
    let (claims, player_id) = signed_claims(state, token)?;
    if claims.iat < db::now() - REFRESH_WINDOW_SECS {
        return Err(TokenError::Expired);
    }
    session_check(state, &claims, player_id)
}

fn signed_claims(state: &AppState, token: &str) -> Result<(Claims, i64), TokenError> {
    let claims = jwt::verify(&state.jwt_secret, token).ok_or(TokenError::Invalid)?;
    let player_id = claims.player_id().ok_or(TokenError::Invalid)?;
    Ok((claims, player_id))
}

fn session_check(
    state: &AppState,
    claims: &Claims,
    player_id: i64,
) -> Result<AuthPlayer, TokenError> {
    let open = sessions::is_open(&state.db(), claims.sid, player_id).map_err(|e| {
        eprintln!("sandbox: session lookup failed: {e}");
        TokenError::Invalid
    })?;
    if !open {
        return Err(TokenError::Invalid);
    }
    Ok(AuthPlayer {
        player_id,
        session_id: claims.sid,
    })
}

impl FromRequestParts<AppState> for AuthPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        authenticate(state, token).map_err(|_| ApiError::unauthorized())
    }
}

/// Like [`AuthPlayer`] but lets an expired token through (refresh, logout).
#[derive(Debug, Clone, Copy)]
pub struct RefreshingPlayer(pub AuthPlayer);

impl FromRequestParts<AppState> for RefreshingPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        authenticate_for_refresh(state, token)
            .map(RefreshingPlayer)
            .map_err(|_| ApiError::unauthorized())
    }
}
