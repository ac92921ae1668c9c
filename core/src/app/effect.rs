//! Effects are values: the pure update returns them, the runtime performs them, tests assert
//! them.

use crate::json::Json;

/// Why a request was made; its response is routed back by this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    Content(String),
    Version,
    Currencies,
    Locales,
    Register,
    Login,
    Refresh,
    Logout,
    Profile,
    Accounts,
    CreateAccount,
    SwitchAccount(i64),
    HideAccount(i64),
    /// POST /api/player/passwords/reset (forgot password).
    PasswordReset,
    /// POST /api/player/passwords/confirm (reset password).
    PasswordConfirm,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct HttpRequest {
    pub req: Req,
    pub method: Method,
    /// Path under the API base, e.g. `/api/wallet/accounts`.
    pub path: String,
    /// Query pairs; arrays already in bracket form (`status[]`).
    pub query: Vec<(String, String)>,
    pub body: Option<Json>,
    pub bearer: Option<String>,
    /// SPEC §7: some calls also send `source` and `platform`.
    pub source_platform: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogLevel {
    Info,
    Warn,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Http(HttpRequest),
    StoreToken(String),
    ClearToken,
    /// Tell other tabs (SPEC §4: login signal / logout marker).
    SignalPeers {
        logged_in: bool,
    },
    /// Change the address without a reload; `replace` keeps history clean.
    PushUrl {
        url: String,
        replace: bool,
    },
    /// Reload the page (another tab signed in, or a new build on navigation).
    Reload,
    /// Feed `event` back after `ms` milliseconds.
    Timer {
        ms: u32,
        event: Box<crate::app::event::Event>,
    },
    /// Persist a small UI preference in localStorage (`None` removes it).
    StoreLocal {
        key: String,
        value: Option<String>,
    },
    /// sessionStorage, for this tab only (`None` removes it).
    StoreSession {
        key: String,
        value: Option<String>,
    },
    /// A full page load of an in-app address (a new build is out).
    Load {
        url: String,
    },
    /// The realtime WebSocket (runtime/socket.rs): open, send a frame, close.
    Socket(crate::domain::realtime::SocketCmd),
    /// The cross-tab refresh lock and the stored token (runtime/lock.rs).
    RefreshLock(crate::domain::refresh::LockCmd),
    /// Scroll the page to the top, or to the element with this id.
    Scroll {
        anchor: Option<String>,
    },
    Log {
        level: LogLevel,
        message: String,
    },
}
