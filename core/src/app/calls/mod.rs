//! The API client's pure half: each feature's endpoint table, call ids (a superseded call's
//! answer is dropped), the session gate (bearer token, one shared refresh before use, SPEC
//! §4) and reading answers. The runtime only performs the `Effect::Http` values made here.

pub mod query;
pub mod refresh;

use super::effect::{CallId, Effect, Guard, HttpRequest, LogLevel, Method};
use super::event::HttpOutcome;
use super::registry::Req;
use super::wire::{ApiError, Wire};
use crate::domain::refresh::RefreshPhase;
use crate::domain::session;
use crate::json::Json;

/// Who may call an endpoint (SPEC §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auth {
    /// No token; a 401/403 says nothing about the session.
    Public,
    /// The player's bearer token; a 401/403 ends the session.
    Player,
    /// The token in hand, as it is (refresh, logout): never waits for a refresh.
    AsIs,
}

/// `base/id` and then `tail`: the path of one item.
pub fn item_path(base: &str, id: &dyn std::fmt::Display, tail: &str) -> String {
    format!("{base}/{id}{tail}")
}

/// One row of a feature's endpoint table.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    pub method: Method,
    /// Path under the API base, e.g. `/api/wallet/accounts`.
    pub path: String,
    /// Query pairs; arrays already in bracket form (`status[]`).
    pub query: Vec<(String, String)>,
    pub auth: Auth,
    /// SPEC §7: payment methods, wallet accounts, sessions, register and tg_login also send
    /// `source` and `platform`.
    pub source_platform: bool,
    /// A newer equal call makes an older one's answer stale (reads); writes never supersede.
    pub supersedes: bool,
    /// A form sent by a visitor that the captcha (SPEC §7 action `frontend_form`) and the
    /// visitor fingerprint guard (registration, login, the password reset request, contact),
    /// or the messenger sign-in's fingerprint.
    pub guarded: Guard,
    /// Sent as a multipart form: the body's fields and the file chosen in the page's file
    /// input of this id, with the percent sent told to the input (`HttpRequest::file_input`).
    pub file_input: Option<&'static str>,
}

impl Route {
    /// A read (a newer equal call supersedes it) of a fixed path.
    pub fn get(path: &str, auth: Auth) -> Route {
        Route::owned(Method::Get, path.to_owned(), auth)
    }

    /// A write (never superseded) to a fixed path.
    pub fn write(method: Method, path: &str, auth: Auth) -> Route {
        Route::owned(method, path.to_owned(), auth)
    }

    /// The path of one item, `base/id` and then `tail` (see `item_path`).
    pub fn item(
        method: Method,
        base: &str,
        id: &dyn std::fmt::Display,
        tail: &str,
        auth: Auth,
    ) -> Route {
        Route::owned(method, item_path(base, id, tail), auth)
    }

    /// A read of one page: `page` and `perPage` first in the query.
    pub fn paged(path: &str, auth: Auth, page: u32, per_page: u32) -> Route {
        let mut r = Route::get(path, auth);
        r.query = vec![
            ("page".into(), page.to_string()),
            ("perPage".into(), per_page.to_string()),
        ];
        r
    }

    /// Every row is built here: no query, no guard, and only reads supersede.
    pub fn owned(method: Method, path: String, auth: Auth) -> Route {
        Route {
            method,
            path,
            query: Vec::new(),
            auth,
            source_platform: false,
            supersedes: method == Method::Get,
            guarded: Guard::None,
            file_input: None,
        }
    }

    pub fn query(mut self, pairs: &[(&str, &str)]) -> Route {
        for (k, v) in pairs {
            self.query.push((k.to_string(), v.to_string()));
        }
        self
    }

    pub fn source(mut self) -> Route {
        self.source_platform = true;
        self
    }

    pub fn guarded(mut self) -> Route {
        self.guarded = Guard::Form;
        self
    }

    /// An upload: the file of the page's input `id` goes with the body's fields.
    pub fn upload(mut self, id: &'static str) -> Route {
        self.file_input = Some(id);
        self
    }

    /// tg_login: the visitor fingerprint goes as `frogoFingerprint` (SPEC §7).
    pub fn fingerprinted(mut self) -> Route {
        self.guarded = Guard::Messenger;
        self
    }
}

/// A feature's calls: where each goes.
pub trait Endpoint {
    fn endpoint(&self) -> Route;
}

/// A feature without calls.
#[derive(Clone, Debug, PartialEq)]
pub enum NoCall {}

impl Endpoint for NoCall {
    fn endpoint(&self) -> Route {
        match *self {}
    }
}

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

/// A 2xx body, or why there is none.
pub type Answer = Result<String, ResponseError>;

pub fn classify(outcome: HttpOutcome) -> Answer {
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
    crate::json::parse(body)
        .and_then(|v| ApiError::read(&v))
        .unwrap_or_default()
}

/// Read an answer's body as a dynamic value (features read their wire shapes from it by hand).
pub fn read_json(answer: Answer) -> Result<crate::json::Json, ResponseError> {
    answer.and_then(|body| crate::json::parse(&body).map_err(ResponseError::Malformed))
}

/// Read an answer's body as `T`.
pub fn read<T: Wire>(answer: Answer) -> Result<T, ResponseError> {
    read_json(answer).and_then(|v| T::read(&v).map_err(ResponseError::Malformed))
}

/// The client's state: the session token, calls in flight, the refresh and what waits for it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calls {
    pub token: Option<String>,
    next_id: u32,
    in_flight: Vec<(CallId, Req)>,
    /// A refresh is in flight; player calls wait here for its token.
    pub refreshing: bool,
    pub waiting: Vec<HttpRequest>,
    /// Where the cross-tab refresh stands (SPEC §4; refresh.rs).
    pub refresh_phase: RefreshPhase,
    /// Where the paths beyond SPEC §7 live (the runtime config's `operatorPaths`).
    pub operator: crate::app::operator::OperatorPaths,
    /// How far the device's clock runs ahead of the server's, from the last token the server
    /// issued here ([`session::clock_ahead_ms`]); a restored token says nothing (0).
    pub clock_ahead_ms: i64,
}

/// What the gate decided for a call.
pub enum Sent {
    Done,
    /// The token is expired: start the shared refresh (the call waits for it).
    NeedsRefresh,
}

impl Calls {
    pub fn with_operator(operator: crate::app::operator::OperatorPaths) -> Calls {
        Calls {
            operator,
            ..Calls::default()
        }
    }

    /// The id of the newest call in flight for `req`, if any.
    pub fn id_of(&self, req: &Req) -> Option<CallId> {
        for (id, r) in self.in_flight.iter().rev() {
            if r == req {
                return Some(*id);
            }
        }
        None
    }

    /// The requests in flight now, oldest first.
    pub fn in_flight_reqs(&self) -> Vec<Req> {
        self.in_flight.iter().map(|(_, r)| r.clone()).collect()
    }

    /// The calls in flight now.
    pub fn in_flight_ids(&self) -> Vec<CallId> {
        self.in_flight.iter().map(|(id, _)| *id).collect()
    }

    /// Whether any of `ids` is still in flight (not answered, superseded or dropped).
    pub fn any_in_flight(&self, ids: &[CallId]) -> bool {
        self.in_flight.iter().any(|(id, _)| ids.contains(id))
    }

    /// The call `id` answered: its request, unless it was superseded or never sent.
    pub fn take(&mut self, id: CallId) -> Option<Req> {
        let i = self.in_flight.iter().position(|(c, _)| *c == id)?;
        Some(self.in_flight.remove(i).1)
    }

    /// A token the server has just issued (sign-in, refresh): kept, and the clocks compared.
    pub fn fresh_token(&mut self, token: String, now: u64) {
        self.clock_ahead_ms = session::clock_ahead_ms(&token, now);
        self.token = Some(token);
    }

    /// The device's `now` on the server's clock: what token expiry is judged against.
    pub fn server_now(&self, now: u64) -> u64 {
        (now as i64).saturating_sub(self.clock_ahead_ms).max(0) as u64
    }

    /// Build, number and gate a call. Player calls carry the token, or wait for the shared
    /// refresh when it is expired or one is under way.
    pub fn send(&mut self, req: Req, body: Option<Json>, now: u64, fx: &mut Vec<Effect>) -> Sent {
        let mut route = req.endpoint();
        match self.operator.route(&route.path) {
            Ok(None) => {}
            Ok(Some(moved)) => route.path = moved,
            // The feature should not have asked (it checks `provides`): nothing goes out.
            Err(crate::app::operator::NotProvided(p)) => {
                fx.push(Effect::Log {
                    level: LogLevel::Warn,
                    message: format!(
                        "{}: not provided by the operator (operatorPaths.{})",
                        route.path,
                        p.key()
                    ),
                });
                return Sent::Done;
            }
        }
        if route.auth == Auth::Player && self.token.is_none() {
            fx.push(Effect::Log {
                level: LogLevel::Warn,
                message: format!("{} needs a session", route.path),
            });
            return Sent::Done;
        }
        if route.supersedes {
            // The older answer would be stale: only the newest counts.
            self.in_flight.retain(|(_, r)| *r != req);
        }
        self.next_id = self.next_id.wrapping_add(1).max(1);
        let id = CallId(self.next_id);
        self.in_flight.push((id, req.clone()));
        let mut http = HttpRequest {
            id,
            req,
            method: route.method,
            path: route.path,
            query: route.query,
            body,
            bearer: None,
            source_platform: route.source_platform,
            guarded: route.guarded,
            file_input: route.file_input,
        };
        match route.auth {
            Auth::Public => {}
            Auth::AsIs => http.bearer = self.token.clone(),
            Auth::Player => {
                let token = self.token.clone().unwrap_or_default();
                if self.refreshing {
                    self.waiting.push(http);
                    return Sent::Done;
                }
                if session::is_expired(&token, self.server_now(now)) {
                    self.waiting.push(http);
                    return Sent::NeedsRefresh;
                }
                http.bearer = Some(token);
            }
        }
        fx.push(Effect::Http(http));
        Sent::Done
    }

    /// The refresh is over: send what waited with the new token (or drop it all without one).
    pub fn release_waiting(&mut self, fx: &mut Vec<Effect>) {
        self.refreshing = false;
        let waiting = std::mem::take(&mut self.waiting);
        match self.token.clone() {
            Some(token) => {
                for mut http in waiting {
                    http.bearer = Some(token.clone());
                    fx.push(Effect::Http(http));
                }
            }
            None => self.forget(&waiting),
        }
    }

    /// The session ended: nothing waits, no player call's answer is wanted.
    pub fn clear_session(&mut self) {
        self.token = None;
        let waiting = std::mem::take(&mut self.waiting);
        self.forget(&waiting);
        self.refreshing = false;
        self.in_flight
            .retain(|(_, r)| r.endpoint().auth == Auth::Public);
    }

    fn forget(&mut self, dropped: &[HttpRequest]) {
        self.in_flight
            .retain(|(id, _)| !dropped.iter().any(|h| h.id == *id));
    }
}
