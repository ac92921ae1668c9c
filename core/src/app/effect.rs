//! Effects are values: the pure update returns them, the runtime performs them, tests assert
//! them.

use crate::json::Json;

pub use super::registry::Req;

/// Which call an answer belongs to; a superseded call's answer is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CallId(pub u32);

/// A timer the runtime holds until it fires or is cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TimerId(pub u32);

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
    pub id: CallId,
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
    /// What the runtime adds for the visitor (`Route::guarded`, `Route::fingerprinted`).
    pub guarded: Guard,
    /// An upload (`Route::upload`): the runtime sends the body's fields and the file chosen in
    /// the page's input of this id as a multipart form, telling the input the percent sent
    /// (runtime/upload.rs). `None`: a JSON request.
    pub file_input: Option<&'static str>,
}

/// What the runtime adds to a call's body for the visitor (SPEC §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Guard {
    #[default]
    None,
    /// A visitor's form: `captchaToken` for action `frontend_form` (null without a captcha)
    /// and the visitor's `fingerprint` when known.
    Form,
    /// The messenger sign-in (tg_login): the visitor fingerprint as `frogoFingerprint`, no
    /// captcha (the messenger vouches for the user).
    Messenger,
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
    /// Feed `event` back after `ms` milliseconds, unless cancelled first.
    Timer {
        id: TimerId,
        ms: u32,
        event: Box<crate::app::event::Event>,
    },
    CancelTimer(TimerId),
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
    /// A first-party cookie (affiliate capture): value percent-encoded, `Max-Age` seconds,
    /// path `/`, SameSite Lax.
    StoreCookie {
        name: String,
        value: String,
        max_age: u64,
    },
    /// A full page load of an in-app address (a new build is out).
    Load {
        url: String,
    },
    /// The realtime WebSocket (runtime/socket.rs): open, send a frame, close.
    Socket(crate::domain::realtime::SocketCmd),
    /// The third-party services (runtime/third_party.rs): load, track, identify.
    ThirdParty(crate::domain::third_party::ServiceCmd),
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
    /// Fetch a lazy group's chunk; answered by `Event::GroupLoaded`.
    LoadGroup(super::registry::GroupId),
    /// The games search index kept across visits in IndexedDB (runtime/kept.rs); a read is
    /// answered by `GamesTick::Kept`.
    KeptIndex(super::features::games::kept::Cmd),
}
