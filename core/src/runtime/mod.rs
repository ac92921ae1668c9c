//! The wasm runtime: holds the model, performs effects, feeds results back as events and tells
//! subscribers which view slices changed.

pub mod http;
pub mod lock;
pub mod socket;
pub mod storage;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::app::{self, Config, Effect, Event, LogLevel, Model, View};

pub struct Runtime {
    model: RefCell<Model>,
    last_view: RefCell<Option<View>>,
    listeners: RefCell<Vec<js_sys::Function>>,
    /// Events raised while an update runs are queued, never re-entered.
    queue: RefCell<Vec<Event>>,
    busy: RefCell<bool>,
    /// The realtime WebSocket, when one is open (socket.rs).
    socket: RefCell<Option<socket::Socket>>,
}

impl Runtime {
    pub fn new(config: Config) -> Rc<Self> {
        Rc::new(Runtime {
            model: RefCell::new(Model::new(config)),
            last_view: RefCell::new(None),
            listeners: RefCell::new(Vec::new()),
            queue: RefCell::new(Vec::new()),
            busy: RefCell::new(false),
            socket: RefCell::new(None),
        })
    }

    pub fn start(self: &Rc<Self>) {
        listen_browser(self);
        load_phone_plans(&self.model.borrow().config.phone_metadata_url);
        let path = current_url();
        let prefs = app::event::Prefs {
            drawer_compact: storage::local_get(app::update::DRAWER_COMPACT_KEY)
                .is_some_and(|v| v == "true"),
            last_reload: storage::session_get(app::update::RELOAD_GUARD_KEY)
                .and_then(|v| app::update::parse_reload_guard(&v)),
        };
        self.dispatch(Event::Booted {
            token: storage::read_token(),
            path,
            prefs,
        });
    }

    pub fn dispatch(self: &Rc<Self>, event: Event) {
        self.queue.borrow_mut().push(event);
        if *self.busy.borrow() {
            return;
        }
        *self.busy.borrow_mut() = true;
        loop {
            let next = {
                let mut q = self.queue.borrow_mut();
                if q.is_empty() {
                    break;
                }
                q.remove(0)
            };
            let effects = app::update(
                &mut self.model.borrow_mut(),
                next,
                js_sys::Date::now() as u64,
            );
            for effect in effects {
                self.perform(effect);
            }
        }
        *self.busy.borrow_mut() = false;
        self.notify();
    }

    pub fn view(&self) -> View {
        app::view(&self.model.borrow())
    }

    pub fn subscribe(&self, cb: js_sys::Function) {
        self.listeners.borrow_mut().push(cb);
    }

    /// Send subscribers only the slices that differ from what they saw last.
    fn notify(&self) {
        let view = self.view();
        let changed = {
            let last = self.last_view.borrow();
            changed_slices(last.as_ref(), &view)
        };
        *self.last_view.borrow_mut() = Some(view);
        let Some(changed) = changed else { return };
        for cb in self.listeners.borrow().iter() {
            if let Err(e) = cb.call1(&JsValue::NULL, &changed) {
                web_sys::console::error_2(&"view subscriber failed".into(), &e);
            }
        }
    }

    fn perform(self: &Rc<Self>, effect: Effect) {
        match effect {
            Effect::Http(req) => {
                let this = Rc::clone(self);
                let config = self.model.borrow().config.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let outcome = http::perform(&config, &req).await;
                    this.dispatch(Event::Http {
                        req: req.req,
                        outcome,
                    });
                });
            }
            Effect::StoreToken(t) => storage::store_token(&t),
            Effect::ClearToken => storage::clear_token(),
            Effect::SignalPeers { logged_in } => {
                storage::signal_peers(logged_in, js_sys::Date::now())
            }
            Effect::PushUrl { url, replace } => push_url(&url, replace),
            Effect::Timer { ms, event } => {
                let weak = Rc::downgrade(self);
                gloo_timers::callback::Timeout::new(ms, move || {
                    if let Some(rt) = weak.upgrade() {
                        rt.dispatch(*event);
                    }
                })
                .forget();
            }
            Effect::StoreLocal { key, value } => storage::local_set(&key, value.as_deref()),
            Effect::StoreSession { key, value } => storage::session_set(&key, value.as_deref()),
            Effect::Load { url } => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().assign(&url);
                }
            }
            Effect::Scroll { anchor } => scroll(anchor.as_deref()),
            Effect::Socket(cmd) => socket::perform(self, &self.socket, cmd),
            Effect::RefreshLock(cmd) => self.refresh_lock(cmd),
            Effect::Reload => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            }
            Effect::Log { level, message } => {
                let m = JsValue::from_str(&message);
                match level {
                    LogLevel::Info => web_sys::console::info_1(&m),
                    LogLevel::Warn => web_sys::console::warn_1(&m),
                    LogLevel::Error => web_sys::console::error_1(&m),
                }
            }
        }
    }
}

impl Runtime {
    /// The cross-tab refresh lock (lock.rs); answers come back as `Event::Refresh`.
    fn refresh_lock(self: &Rc<Self>, cmd: crate::domain::refresh::LockCmd) {
        use crate::domain::refresh::{LockCmd, RefreshEvent};
        match cmd {
            LockCmd::Acquire => {
                let this = Rc::clone(self);
                wasm_bindgen_futures::spawn_local(async move {
                    let acquired = lock::acquire(&lock::tab_id()).await;
                    this.dispatch(Event::Refresh(RefreshEvent::Lock {
                        acquired,
                        stored_token: storage::read_token(),
                    }));
                });
            }
            LockCmd::Release => lock::release(&lock::tab_id()),
            // Queued behind the update that asked (dispatch never re-enters).
            LockCmd::ReadToken => self.dispatch(Event::Refresh(RefreshEvent::StoredToken(
                storage::read_token(),
            ))),
        }
    }
}

fn changed_slices(last: Option<&View>, view: &View) -> Option<JsValue> {
    let obj = js_sys::Object::new();
    let mut any = false;
    macro_rules! slice {
        ($field:ident, $name:literal) => {
            if last.map_or(true, |l| l.$field != view.$field) {
                if let Some(v) = to_js(&view.$field) {
                    let _ = js_sys::Reflect::set(&obj, &$name.into(), &v);
                    any = true;
                }
            }
        };
    }
    slice!(session, "session");
    slice!(accounts, "accounts");
    slice!(forms, "forms");
    slice!(nav, "nav");
    slice!(toasts, "toasts");
    slice!(options, "options");
    slice!(texts, "texts");
    any.then(|| obj.into())
}

/// A Rust value as a plain JS value, through JSON text and the engine's `JSON.parse` (one
/// boundary call, and no per-type JS glue in the wasm). Maps become objects (`values.email`).
pub fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Option<JsValue> {
    js_sys::JSON::parse(&crate::json::to_string(value)?).ok()
}

/// A plain JS value (an event, the config) into `T`, through `JSON.stringify`.
pub fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or("not JSON")?;
    crate::json::from_str(&text)
}

fn current_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!(
                "{}{}{}",
                l.pathname().ok()?,
                l.search().ok()?,
                l.hash().ok()?
            ))
        })
        .unwrap_or_else(|| "/".into())
}

fn push_url(url: &str, replace: bool) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
        return;
    };
    if current_url() == url {
        return;
    }
    let _ = if replace {
        history.replace_state_with_url(&JsValue::NULL, "", Some(url))
    } else {
        history.push_state_with_url(&JsValue::NULL, "", Some(url))
    };
}

/// The numbering plans are a static asset of the app, fetched once in the background.
fn load_phone_plans(url: &str) {
    if url.is_empty() || crate::domain::phone::is_loaded() {
        return;
    }
    let url = url.to_string();
    wasm_bindgen_futures::spawn_local(async move {
        let text = match gloo_net::http::Request::get(&url).send().await {
            Ok(r) if r.ok() => r.text().await.ok(),
            _ => None,
        };
        match text {
            Some(t) => {
                crate::domain::phone::install(t);
            }
            None => web_sys::console::warn_1(&format!("phone plans not loaded from {url}").into()),
        }
    });
}

/// SPEC §2: top of the page, or the anchor named by the hash.
fn scroll(anchor: Option<&str>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    window.scroll_to_with_x_and_y(0.0, 0.0);
    if let Some(id) = anchor.filter(|a| !a.is_empty()) {
        scroll_to_anchor(id.to_string(), 20);
    }
}

/// The new page renders after the address changes (and lazily): look for the anchor every
/// 50 ms for about a second.
fn scroll_to_anchor(id: String, tries: u32) {
    let found = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&id));
    match found {
        Some(el) => el.scroll_into_view(),
        None if tries > 0 => {
            gloo_timers::callback::Timeout::new(50, move || scroll_to_anchor(id, tries - 1))
                .forget();
        }
        None => {}
    }
}

/// Back/forward and other tabs' session signals become events.
fn listen_browser(rt: &Rc<Runtime>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let weak = Rc::downgrade(rt);
    let on_pop = Closure::<dyn Fn()>::new(move || {
        if let Some(rt) = weak.upgrade() {
            rt.dispatch(Event::AddressChanged {
                path: current_url(),
            });
        }
    });
    let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget();
    let weak = Rc::downgrade(rt);
    let on_storage =
        Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
            if e.key().as_deref() != Some(storage::PEER_KEY) {
                return;
            }
            let signal = e
                .new_value()
                .as_deref()
                .and_then(storage::parse_peer_signal);
            if let (Some(rt), Some(logged_in)) = (weak.upgrade(), signal) {
                rt.dispatch(Event::PeerSession { logged_in });
            }
        });
    let _ = window.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    on_storage.forget();
}
