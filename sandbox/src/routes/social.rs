//! Social sign-in with the sandbox playing the provider, linked social accounts, and auto-login
//! (SPEC §7 Auth `sessions/social`, `sessions/token`; Player `social-connections`).
//!
//! The round trip is a real one: the app sends the browser to
//! `/api/player/social/{connection}/authorize?redirect_uri=&state=`, where a real provider would
//! redirect to its own consent screen; the sandbox shows a local consent page instead. Allowing
//! redirects back to `redirect_uri` (the app's `/auth/social/{connection}/callback`, on the
//! host the page came from) with a one-time `code` and the app's `state`; the app checks the
//! state and trades the code: `sessions/social` signs in (or signs up), `social-connections/
//! {provider}` links the account to the signed-in player.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::player::{login_response, present};
use super::{client_meta, too_long, META_MAX};
use crate::auth::AuthPlayer;
use crate::db::players::{self, NewPlayer};
use crate::db::sessions::{self, NewSession};
use crate::db::social::{self, Grant, CONNECTIONS};
use crate::db::{self, accounts, catalog};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::limits::client_key;
use crate::realtime;
use crate::state::AppState;
use crate::validation;

fn known(connection: &str) -> ApiResult<&'static str> {
    CONNECTIONS
        .iter()
        .copied()
        .find(|c| *c == connection)
        .ok_or_else(ApiError::not_found)
}

/// Only the app's own callback on the host the request came to: no open redirect.
fn callback_ok(headers: &HeaderMap, connection: &str, redirect_uri: &str) -> bool {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let Some(rest) = redirect_uri
        .strip_prefix("http://")
        .or_else(|| redirect_uri.strip_prefix("https://"))
    else {
        return false;
    };
    let (h, path) = rest.split_once('/').unwrap_or((rest, ""));
    let tail = format!("auth/social/{connection}/callback");
    !host.is_empty()
        && validation::is_plain_url(redirect_uri)
        && h.eq_ignore_ascii_case(host)
        && (path == tail
            || path.strip_suffix(&tail).is_some_and(|locale| {
                // A locale prefix: `pt-br/auth/social/…`.
                locale.len() <= 6 && locale.ends_with('/') && !locale.contains(['?', '#'])
            }))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[derive(Deserialize)]
pub struct AuthorizeQuery {
    redirect_uri: Option<String>,
    state: Option<String>,
}

/// The provider's consent page (the stand-in's): who to sign in as, allow or deny.
pub async fn authorize(
    Path(connection): Path<String>,
    headers: HeaderMap,
    Query(q): Query<AuthorizeQuery>,
) -> ApiResult<Response> {
    let connection = known(&connection)?;
    let redirect = q.redirect_uri.unwrap_or_default();
    let state = q.state.unwrap_or_default();
    if state.is_empty() || state.len() > 128 || !callback_ok(&headers, connection, &redirect) {
        return Err(ApiError::bad_request(
            "The sign-in request is not valid: unknown return address or no state.",
        ));
    }
    let title = format!("{}{}", connection[..1].to_uppercase(), &connection[1..]);
    let page = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title} (sandbox stand-in)</title></head>
<body><main>
<h1>Sign in with {title}</h1>
<p>This page stands in for {title}'s consent screen. Croupier asks for your e-mail and name.</p>
<form method="get" action="/api/player/social/{connection}/consent">
<input type="hidden" name="redirect_uri" value="{r}">
<input type="hidden" name="state" value="{s}">
<p><label for="email">E-mail at {title}</label><br>
<input id="email" name="email" type="email" value="player@{connection}.example" required></p>
<p><label for="name">Name</label><br><input id="name" name="name" value="Sandbox Player"></p>
<p><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></p>
</form></main></body></html>"#,
        r = escape(&redirect),
        s = escape(&state),
    );
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}

#[derive(Deserialize)]
pub struct ConsentQuery {
    redirect_uri: Option<String>,
    state: Option<String>,
    email: Option<String>,
    name: Option<String>,
    decision: Option<String>,
}

/// Allow: back to the app with a code; deny: back with `error=access_denied`.
pub async fn consent(
    State(state): State<AppState>,
    Path(connection): Path<String>,
    headers: HeaderMap,
    Query(q): Query<ConsentQuery>,
) -> ApiResult<Response> {
    let connection = known(&connection)?;
    let redirect = q.redirect_uri.unwrap_or_default();
    let st = q.state.unwrap_or_default();
    if st.is_empty() || !callback_ok(&headers, connection, &redirect) {
        return Err(ApiError::bad_request("The sign-in request is not valid."));
    }
    let enc = |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    if q.decision.as_deref() != Some("allow") {
        let to = format!("{redirect}?error=access_denied&state={}", enc(&st));
        return Ok(Redirect::to(&to).into_response());
    }
    let email = q.email.unwrap_or_default().trim().to_string();
    if !validation::is_email(&email) {
        return Err(ApiError::bad_request("Give an e-mail address."));
    }
    let code = crate::secrets::random_token();
    let grant = Grant {
        connection: connection.to_string(),
        email,
        // The provider's name becomes the first name: the profile's length rule holds.
        name: q
            .name
            .map(|n| validation::clip(n.trim(), validation::NAME_MAX))
            .filter(|n| !n.is_empty()),
        redirect_uri: redirect.clone(),
    };
    social::put_code(&state.db(), &code, &grant, db::now())?;
    let to = format!("{redirect}?code={code}&state={}", enc(&st));
    Ok(Redirect::to(&to).into_response())
}

#[derive(Deserialize)]
pub struct CodeQuery {
    code: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialBody {
    connection: Option<String>,
    redirect_uri: Option<String>,
    affiliate_tag: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

/// The code for its grant: the same connection and return address it was issued for.
fn grant(
    state: &AppState,
    peer: SocketAddr,
    code: Option<&str>,
    connection: &str,
    redirect_uri: Option<&str>,
) -> ApiResult<Grant> {
    let client = client_key("social", peer.ip());
    let limits = &state.limits;
    state
        .limiter
        .check(&client, limits.login_per_client, limits.window)
        .map_err(ApiError::too_many)?;
    let g = social::take_code(&state.db(), code.unwrap_or(""), db::now())?
        .filter(|g| g.connection == connection && Some(g.redirect_uri.as_str()) == redirect_uri);
    g.ok_or_else(|| {
        state.limiter.hit(&client);
        ApiError::field(
            "social_code_invalid",
            "code",
            "The sign-in with the provider did not go through (the code is used or expired). Try again.",
        )
    })
}

/// `POST /api/player/sessions/social?code=&state=` with `{connection, redirectUri, …}`.
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<CodeQuery>,
    ApiJson(body): ApiJson<SocialBody>,
) -> ApiResult<Json<super::player::LoginResponse>> {
    let connection = known(present(&body.connection).unwrap_or(""))
        .map_err(|_| ApiError::field("validation_failed", "connection", "Unknown provider."))?;
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    let mut errors = FieldErrors::new();
    too_long(
        &mut errors,
        "affiliateTag",
        present(&body.affiliate_tag),
        64,
    );
    too_long(&mut errors, "fingerprint", present(&body.fingerprint), 128);
    too_long(&mut errors, "source", source.as_deref(), META_MAX);
    too_long(&mut errors, "platform", platform.as_deref(), META_MAX);
    errors.check()?;
    let g = grant(
        &state,
        peer,
        q.code.as_deref(),
        connection,
        body.redirect_uri.as_deref(),
    )?;
    let now = db::now();
    let conn = state.db();
    let (player_id, new) = match social::linked_player(&conn, connection, &g.subject())? {
        Some(id) => (id, false),
        None => {
            if players::by_email(&conn, &g.email)?.is_some() {
                return Err(ApiError::unprocessable(
                    "social_email_taken",
                    "An account with this e-mail already exists. Sign in with it, then link the provider in your profile.",
                    FieldErrors::new(),
                ));
            }
            // A new player: the provider's e-mail, no password, an account in the base currency.
            let tx = conn.unchecked_transaction()?;
            let id = players::insert(
                &tx,
                &NewPlayer {
                    email: &g.email,
                    password_hash: "!social",
                    nickname: None,
                    locale: "en",
                    language: "en",
                    affiliate_tag: present(&body.affiliate_tag),
                    now,
                },
            )?
            .ok_or_else(|| ApiError::internal("social e-mail raced"))?;
            if let Some(name) = &g.name {
                players::update_field(&tx, id, players::Field::FirstName, Some(name))?;
            }
            let base = catalog::currencies(&tx, true)?
                .into_iter()
                .find(|c| c.is_base)
                .map_or_else(|| "USD".to_string(), |c| c.code);
            accounts::create(&tx, id, &base, accounts::ACTIVE, 0, now)?;
            social::link(&tx, id, &g, now)?;
            // The provider checked the address.
            crate::db::verify::mark_confirmed(&tx, id, now)?;
            tx.commit()?;
            (id, true)
        }
    };
    let player = players::by_id(&conn, player_id)?.ok_or_else(ApiError::unauthorized)?;
    sessions::prune(&conn, now, state.session_lifetime as i64)?;
    let session = sessions::open(
        &conn,
        &NewSession {
            player_id,
            fingerprint: present(&body.fingerprint),
            source: source.as_deref(),
            platform: platform.as_deref(),
            now,
        },
    )?;
    if new {
        for a in accounts::list(&conn, player_id)? {
            realtime::publish_account(&state, &a);
        }
    }
    Ok(Json(login_response(&state, &player, &session.1, now, new)))
}

fn list_json(state: &AppState, player_id: i64) -> ApiResult<Json<Value>> {
    let links = social::links(&state.db(), player_id)?;
    Ok(Json(Value::Array(
        links
            .into_iter()
            .map(|(c, email, at)| json!({ "socialType": c, "email": email, "linkedAt": at }))
            .collect(),
    )))
}

pub async fn list(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    list_json(&state, who.player_id)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkBody {
    redirect_uri: Option<String>,
}

/// `POST /api/player/social-connections/{provider}?code=&state=` with `{redirectUri}`.
pub async fn link(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    who: AuthPlayer,
    Path(provider): Path<String>,
    Query(q): Query<CodeQuery>,
    ApiJson(body): ApiJson<LinkBody>,
) -> ApiResult<Json<Value>> {
    let connection = known(&provider)?;
    let g = grant(
        &state,
        peer,
        q.code.as_deref(),
        connection,
        body.redirect_uri.as_deref(),
    )?;
    {
        let conn = state.db();
        match social::linked_player(&conn, connection, &g.subject())? {
            Some(id) if id == who.player_id => {}
            Some(_) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "social_linked_elsewhere",
                    "This account of the provider is linked to another player.",
                ))
            }
            None => {
                // One account per provider: a new one replaces the old.
                social::unlink(&conn, who.player_id, connection)?;
                social::link(&conn, who.player_id, &g, db::now())?;
            }
        }
    }
    list_json(&state, who.player_id)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnlinkBody {
    social_type: Option<String>,
}

/// A player who signs in only through this provider keeps it: nothing else would sign them in.
pub async fn unlink(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<UnlinkBody>,
) -> ApiResult<Json<Value>> {
    let connection = known(present(&body.social_type).unwrap_or(""))
        .map_err(|_| ApiError::field("validation_failed", "socialType", "Unknown provider."))?;
    {
        let conn = state.db();
        let player = players::by_id(&conn, who.player_id)?.ok_or_else(ApiError::unauthorized)?;
        let links = social::links(&conn, who.player_id)?;
        if !links.iter().any(|(c, _, _)| c == connection) {
            return Err(ApiError::not_found());
        }
        let other_way =
            !player.password_hash.starts_with('!') || player.phone.is_some() || links.len() > 1;
        if !other_way {
            return Err(ApiError::unprocessable(
                "last_sign_in_method",
                "This is the only way you sign in: set a password or confirm a phone first.",
                FieldErrors::new(),
            ));
        }
        social::unlink(&conn, who.player_id, connection)?;
    }
    list_json(&state, who.player_id)
}

#[derive(Deserialize)]
pub struct TokenBody {
    token: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

/// `POST /api/player/sessions/token {token, fingerprint}`: a one-time auto-login token.
pub async fn autologin(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TokenBody>,
) -> ApiResult<Json<super::player::LoginResponse>> {
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    let mut errors = FieldErrors::new();
    let token = present(&body.token).unwrap_or("").to_string();
    if token.is_empty() {
        errors.add("token", "The token field is required.");
    }
    too_long(&mut errors, "fingerprint", present(&body.fingerprint), 128);
    too_long(&mut errors, "source", source.as_deref(), META_MAX);
    too_long(&mut errors, "platform", platform.as_deref(), META_MAX);
    errors.check()?;
    let client = client_key("autologin", peer.ip());
    let limits = &state.limits;
    state
        .limiter
        .check(&client, limits.login_per_client, limits.window)
        .map_err(ApiError::too_many)?;
    let now = db::now();
    let conn = state.db();
    let Some(player_id) = social::take_autologin(&conn, &token, now)? else {
        state.limiter.hit(&client);
        return Err(ApiError::field(
            "autologin_invalid",
            "token",
            "This sign-in link is used or has expired. Sign in with your details.",
        ));
    };
    let player = players::by_id(&conn, player_id)?.ok_or_else(ApiError::unauthorized)?;
    let session = sessions::open(
        &conn,
        &NewSession {
            player_id,
            fingerprint: present(&body.fingerprint),
            source: source.as_deref(),
            platform: platform.as_deref(),
            now,
        },
    )?;
    Ok(Json(login_response(
        &state, &player, &session.1, now, false,
    )))
}

#[derive(Deserialize)]
pub struct AutologinControl {
    email: String,
}

/// Control: a one-time auto-login token for a player (what a back office would mail).
pub async fn control_autologin(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<AutologinControl>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let player = players::by_email(&conn, b.email.trim())?.ok_or_else(ApiError::not_found)?;
    let token = crate::secrets::random_token();
    social::put_autologin(&conn, &token, player.id, db::now())?;
    Ok(Json(
        json!({ "token": token, "url": format!("/auth/autologin?token={token}") }),
    ))
}
