//! Building requests and reading responses, including the refresh-before-use rule.

use serde::de::DeserializeOwned;

use crate::app::api::ApiError;
use crate::app::effect::{Effect, HttpRequest, Method, Req};
use crate::app::event::HttpOutcome;
use crate::app::model::Model;
use crate::domain::session;

/// Why a call gave no usable body.
#[derive(Clone, Debug, PartialEq)]
pub enum ResponseError {
    /// The server answered with an error status; `error` is its body when it had our shape.
    Status { status: u16, error: ApiError },
    /// No answer at all.
    Network(String),
    /// 2xx with a body we could not read.
    Malformed(String),
}

impl std::fmt::Display for ResponseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResponseError::Status { status, error } => {
                write!(f, "HTTP {status} {}: {}", error.code, error.message)
            }
            ResponseError::Network(r) => write!(f, "no response: {r}"),
            ResponseError::Malformed(r) => write!(f, "unreadable response: {r}"),
        }
    }
}

pub fn classify(outcome: HttpOutcome) -> Result<String, ResponseError> {
    match outcome {
        HttpOutcome::Response { status, body } if (200..300).contains(&status) => Ok(body),
        HttpOutcome::Response { status, body } => Err(ResponseError::Status {
            status,
            error: parse_error(&body),
        }),
        HttpOutcome::Failed { reason } => Err(ResponseError::Network(reason)),
    }
}

/// Our error shape, or an empty one when the body is something else (a proxy's HTML page).
pub fn parse_error(body: &str) -> ApiError {
    crate::json::from_str(body).unwrap_or_default()
}

pub fn json<T: DeserializeOwned>(body: &str) -> Result<T, ResponseError> {
    crate::json::from_str(body).map_err(ResponseError::Malformed)
}

/// Calls that run without a token (SPEC §6); all others end the session on 401/403.
pub fn is_authenticated(req: &Req) -> bool {
    !matches!(
        req,
        Req::Currencies
            | Req::Locales
            | Req::Register
            | Req::Login
            | Req::Refresh
            | Req::PasswordReset
            | Req::PasswordConfirm
    )
}

fn sends_source(req: &Req) -> bool {
    // SPEC §7: payment methods, wallet accounts, sessions, register and tg_login.
    matches!(
        req,
        Req::Accounts
            | Req::CreateAccount
            | Req::SwitchAccount(_)
            | Req::HideAccount(_)
            | Req::Register
            | Req::Login
    )
}

pub fn public(req: Req, path: &str, query: Vec<(&str, &str)>) -> Effect {
    Effect::Http(request(req, Method::Get, path, query, None, None))
}

pub fn post(req: Req, path: &str, body: crate::json::Json) -> Effect {
    Effect::Http(request(req, Method::Post, path, vec![], Some(body), None))
}

fn request(
    req: Req,
    method: Method,
    path: &str,
    query: Vec<(&str, &str)>,
    body: Option<crate::json::Json>,
    bearer: Option<String>,
) -> HttpRequest {
    HttpRequest {
        source_platform: sends_source(&req),
        req,
        method,
        path: path.to_string(),
        query: query
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        body,
        bearer,
    }
}

/// An authenticated call. With an expired token it waits for one shared refresh (SPEC §4).
pub fn authed(
    model: &mut Model,
    now: u64,
    req: Req,
    method: Method,
    path: &str,
    body: Option<crate::json::Json>,
    fx: &mut Vec<Effect>,
) {
    let Some(token) = model.token.clone() else {
        super::log(
            fx,
            crate::app::effect::LogLevel::Warn,
            &format!("{path} needs a session"),
        );
        return;
    };
    let mut http = request(req, method, path, vec![], body, None);
    if model.refreshing {
        model.waiting.push(http);
    } else if session::is_expired(&token, now) {
        // One refresh for every tab (SPEC §4): lock, or wait for the tab that holds it.
        model.waiting.push(http);
        super::refresh::start(model, fx);
    } else {
        http.bearer = Some(token);
        fx.push(Effect::Http(http));
    }
}

/// The refresh is over: send what waited, with the new token (or drop it all on failure).
pub fn release_waiting(model: &mut Model, fx: &mut Vec<Effect>) {
    model.refreshing = false;
    let waiting = std::mem::take(&mut model.waiting);
    if let Some(token) = model.token.clone() {
        for mut http in waiting {
            http.bearer = Some(token.clone());
            fx.push(Effect::Http(http));
        }
    }
}
