//! Access tokens: issuing them and checking the bearer on requests.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::db::{self, sessions};
use crate::error::ApiError;
use crate::jwt::{self, Claims};
use crate::state::AppState;

/// An expired token may still be refreshed if it was issued at most this long ago (and the
/// session is within its absolute lifetime).
pub const REFRESH_WINDOW_SECS: i64 = 30 * 24 * 3600;

/// After a rotation, the token it replaced may still refresh for this long and gets the
/// current generation (not a new one): two tabs refreshing the same token at once both keep
/// the session. It no longer authenticates anything else.
pub const ROTATION_GRACE_SECS: i64 = 10;

/// The session a token is issued for.
pub struct TokenFor<'a> {
    pub player_id: i64,
    pub public_id: &'a str,
    pub generation: i64,
    pub created_at: i64,
}

/// Expires at the token lifetime, or at the session's absolute end if that comes first.
pub fn issue_token(state: &AppState, t: &TokenFor) -> String {
    let iat = db::now();
    let end = t.created_at.saturating_add(state.session_lifetime as i64);
    let claims = Claims {
        sub: t.player_id.to_string(),
        sid: t.public_id.to_string(),
        gen: t.generation,
        iat,
        exp: (iat + state.token_ttl() as i64).min(end).max(iat + 1),
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

/// Full check of a token for normal use: the current generation of an open session within
/// its lifetime, not expired.
pub fn authenticate(state: &AppState, token: &str) -> Result<AuthPlayer, TokenError> {
    let (claims, player_id) = signed_claims(state, token)?;
    if claims.exp <= db::now() {
        return Err(TokenError::Expired);
    }
    let session = open_session(state, &claims, player_id)?;
    if session.generation != claims.gen {
        return Err(TokenError::Invalid);
    }
    Ok(AuthPlayer {
        player_id,
        session_id: session.id,
    })
}

/// Which tokens the refresh-style endpoints take.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// The current generation, or the one just replaced within [`ROTATION_GRACE_SECS`].
    Refresh,
    /// Any generation of the open session: ending a session is never refused to its owner.
    Logout,
}

/// Check for refresh and logout: the token may be expired, but must be validly signed,
/// issued within [`REFRESH_WINDOW_SECS`], and name an open session within its lifetime.
fn authenticate_for(
    state: &AppState,
    token: &str,
    purpose: Purpose,
) -> Result<RefreshingPlayer, TokenError> {
    let (claims, player_id) = signed_claims(state, token)?;
    let now = db::now();
    if claims.iat < now - REFRESH_WINDOW_SECS {
        return Err(TokenError::Expired);
    }
    let session = open_session(state, &claims, player_id)?;
    let current = session.generation == claims.gen;
    let just_replaced = claims.gen + 1 == session.generation
        && session
            .rotated_at
            .is_some_and(|at| now - at <= ROTATION_GRACE_SECS);
    let accepted = match purpose {
        Purpose::Refresh => current || just_replaced,
        Purpose::Logout => claims.gen <= session.generation,
    };
    if !accepted {
        return Err(TokenError::Invalid);
    }
    Ok(RefreshingPlayer {
        who: AuthPlayer {
            player_id,
            session_id: session.id,
        },
        current,
        session,
    })
}

fn signed_claims(state: &AppState, token: &str) -> Result<(Claims, i64), TokenError> {
    let claims = jwt::verify(&state.jwt_secret, token).ok_or(TokenError::Invalid)?;
    let player_id = claims.player_id().ok_or(TokenError::Invalid)?;
    Ok((claims, player_id))
}

/// The open session the token names, if it is within its absolute lifetime.
fn open_session(
    state: &AppState,
    claims: &Claims,
    player_id: i64,
) -> Result<sessions::Open, TokenError> {
    let session = sessions::find_open(&state.db(), &claims.sid, player_id)
        .map_err(|e| {
            eprintln!("sandbox: session lookup failed: {e}");
            TokenError::Invalid
        })?
        .ok_or(TokenError::Invalid)?;
    if session.created_at + state.session_lifetime as i64 <= db::now() {
        return Err(TokenError::Invalid);
    }
    Ok(session)
}

impl FromRequestParts<AppState> for AuthPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        authenticate(state, token).map_err(|_| ApiError::unauthorized())
    }
}

/// A caller of refresh: may hold an expired token; `current` is false for the token a
/// rotation just replaced (within the grace period).
#[derive(Debug, Clone)]
pub struct RefreshingPlayer {
    pub who: AuthPlayer,
    pub current: bool,
    pub session: sessions::Open,
}

impl FromRequestParts<AppState> for RefreshingPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        authenticate_for(state, token, Purpose::Refresh).map_err(|_| ApiError::unauthorized())
    }
}

/// A caller of logout: any token of the open session, expired or replaced.
#[derive(Debug, Clone)]
pub struct LoggingOutPlayer(pub AuthPlayer);

impl FromRequestParts<AppState> for LoggingOutPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        authenticate_for(state, token, Purpose::Logout)
            .map(|r| LoggingOutPlayer(r.who))
            .map_err(|_| ApiError::unauthorized())
    }
}
