//! The wasm runtime: holds the model, performs effects, feeds results back as events and tells
//! subscribers which view slices changed.

pub mod http;
pub mod kept;
pub mod lock;
pub mod socket;
pub mod storage;
pub mod third_party;
pub mod upload;
pub mod zone;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::app::{self, Config, Effect, Event, HttpOutcome, LogLevel, Model, TimerId};
use crate::domain::realtime::SocketEvent;

pub struct Runtime {
    model: RefCell<Model>,
    /// What requests need of the config (copied once).
    base: Rc<http::Base>,
    listeners: RefCell<Vec<js_sys::Function>>,
    /// Events raised while an update runs are queued, never re-entered.
    /// (A Vec taken a batch at a time: the same order as a deque, less code.)
    queue: RefCell<Vec<Event>>,
    busy: RefCell<bool>,
    /// Timers that can still be cancelled, by id, each with the number it was set under.
    timers: RefCell<Vec<(TimerId, u64, gloo_timers::callback::Timeout)>>,
    /// The number the next timer is set under: tells a timer from a later one of its id.
    timers_set: std::cell::Cell<u64>,
    /// The realtime WebSocket, when one is open (socket.rs).
    socket: RefCell<Option<socket::Socket>>,
    /// Socket messages waiting for the next animation frame, in arrival order: a burst of
    /// pushes is applied in one run, one set of changed slices and one React commit per
    /// frame, not per message (issue 29's push burst).
    inbox: RefCell<Vec<String>>,
    /// A frame (and its fallback timer) is asked to apply the inbox.
    inbox_due: std::cell::Cell<bool>,
    /// The fallback: a hidden page draws no frames, so the inbox is applied after
    /// [`INBOX_FALLBACK_MS`] when no frame came first (dropping it cancels it).
    inbox_timer: RefCell<Option<gloo_timers::callback::Timeout>>,
    /// The changed slices of an answer, a timer or a push are sent in the next task, not in
    /// the one that applied the event: the core's work and React's drawing are then two
    /// shorter tasks instead of one long one (a page loading answers stays responsive; issue
    /// 28's TBT), and events landing before it share one set of slices. An event of the page
    /// itself is drawn at once ([`Runtime::dispatch_now`]). Dropping it cancels it.
    notify_timer: RefCell<Option<gloo_timers::callback::Timeout>>,
}

/// How long socket messages wait for a frame before they are applied without one.
const INBOX_FALLBACK_MS: u32 = 100;

impl Runtime {
    pub fn new(config: Config) -> Rc<Self> {
        Rc::new(Runtime {
            base: Rc::new(http::Base::from(&config)),
            model: RefCell::new(Model::new(config)),
            listeners: RefCell::new(Vec::new()),
            queue: RefCell::new(Default::default()),
            busy: RefCell::new(false),
            timers: RefCell::new(Vec::new()),
            timers_set: std::cell::Cell::new(0),
            socket: RefCell::new(None),
            inbox: RefCell::new(Vec::new()),
            inbox_due: std::cell::Cell::new(false),
            inbox_timer: RefCell::new(None),
            notify_timer: RefCell::new(None),
        })
    }

    pub fn start(self: &Rc<Self>) {
        listen_browser(self);
        let path = current_url();
        let boot = app::Boot {
            stored: storage::read_declared(app::stored::all()),
            origin: http::origin(),
            seed: http::trace_id(),
            offset_minutes: -(js_sys::Date::new_0().get_timezone_offset() as i32),
            zone: zone::device_zone((js_sys::Date::now() / 1000.0) as i64),
        };
        self.dispatch(Event::Booted {
            token: storage::read_token(),
            path,
            boot,
        });
    }

    pub fn dispatch(self: &Rc<Self>, event: Event) {
        // The numbering plans serve phone fields only: fetched when the player first types
        // into a form, not at every start (issue 28). Until they arrive the phone rule passes
        // and the server has the last word.
        if matches!(
            event,
            Event::Ui(app::UiEvent::App(app::AppUi::FormInput { .. }))
        ) {
            load_phone_plans(&self.model.borrow().config.phone_metadata_url);
        }
        self.run(vec![event]);
    }

    /// An event of the page itself (a view intent, a group's load or retry, the address moved
    /// by back/forward): its slices are sent before this returns, so a controlled input shows
    /// what was typed in the same task, and anything waiting to be sent goes with them.
    pub fn dispatch_now(self: &Rc<Self>, event: Event) {
        self.dispatch(event);
        self.notify_timer.borrow_mut().take();
        self.notify();
    }

    /// Send the changed slices in the next task, once for every event applied before it.
    fn notify_soon(self: &Rc<Self>) {
        if self.notify_timer.borrow().is_some() {
            return;
        }
        let weak = Rc::downgrade(self);
        let timer = gloo_timers::callback::Timeout::new(0, move || {
            if let Some(rt) = weak.upgrade() {
                rt.notify_timer.borrow_mut().take();
                rt.notify();
            }
        });
        *self.notify_timer.borrow_mut() = Some(timer);
    }

    /// A socket message: held until the next animation frame with any others that arrive
    /// before it, then applied in one run. Any other event dispatched meanwhile applies the
    /// held messages first (see [`Runtime::run`]), so the order between sources is kept.
    pub fn receive(self: &Rc<Self>, text: String) {
        self.inbox.borrow_mut().push(text);
        if self.inbox_due.replace(true) {
            return;
        }
        let weak = Rc::downgrade(self);
        let on_frame = Closure::once_into_js(move || {
            if let Some(rt) = weak.upgrade() {
                rt.apply_inbox();
            }
        });
        let asked = web_sys::window()
            .map(|w| w.request_animation_frame(on_frame.unchecked_ref()).is_ok())
            .unwrap_or(false);
        let weak = Rc::downgrade(self);
        let fallback = gloo_timers::callback::Timeout::new(
            if asked { INBOX_FALLBACK_MS } else { 0 },
            move || {
                if let Some(rt) = weak.upgrade() {
                    rt.apply_inbox();
                }
            },
        );
        *self.inbox_timer.borrow_mut() = Some(fallback);
    }

    /// A timer's event. The socket messages held for the next frame arrived before it fired and
    /// are applied first, as they were when every message ran at once; when one of them
    /// cancelled this timer (a debounce pushed further), its event is not sent.
    fn fire(self: &Rc<Self>, id: TimerId, set: u64, event: Event) {
        self.run(Vec::new());
        if id != TimerId(0) {
            let mut timers = self.timers.borrow_mut();
            if !timers.iter().any(|(t, s, _)| *t == id && *s == set) {
                return;
            }
            timers.retain(|(t, ..)| *t != id);
        }
        self.dispatch(event);
    }

    /// The held socket messages, applied in one run (nothing when another event already did).
    fn apply_inbox(self: &Rc<Self>) {
        self.inbox_due.set(false);
        // The other of the two (frame or timer) is no longer needed: dropping it cancels it.
        self.inbox_timer.take();
        self.run(Vec::new());
    }

    /// The dispatch loop compiled, nothing run: V8 compiles a wasm function on its first call,
    /// and this one holds every feature's update (about 100 KB), so the host calls this in a
    /// task of its own before `start` instead of paying it inside the start's.
    pub fn prepare(self: &Rc<Self>) {
        self.run(std::hint::black_box(Vec::new()));
    }

    // Never inlined: `prepare` must make V8 compile this very function, the one every
    // later event runs through, not a copy of it inside `prepare`.
    #[inline(never)]
    fn run(self: &Rc<Self>, events: Vec<Event>) {
        {
            let mut queue = self.queue.borrow_mut();
            // Socket messages held for the next frame arrived before these events: first.
            let held = std::mem::take(&mut *self.inbox.borrow_mut());
            queue.extend(
                held.into_iter()
                    .map(|text| Event::Socket(SocketEvent::Message(text))),
            );
            queue.extend(events);
            if queue.is_empty() {
                return;
            }
        }
        if *self.busy.borrow() {
            return;
        }
        *self.busy.borrow_mut() = true;
        loop {
            let batch = std::mem::take(&mut *self.queue.borrow_mut());
            if batch.is_empty() {
                break;
            }
            for next in batch {
                let effects = app::update(
                    &mut self.model.borrow_mut(),
                    next,
                    js_sys::Date::now() as u64,
                );
                for effect in effects {
                    self.perform(effect);
                }
            }
        }
        *self.busy.borrow_mut() = false;
        self.notify_soon();
    }

    /// The whole view (first render), and every slice counts as seen.
    pub fn view(&self) -> JsValue {
        let mut model = self.model.borrow_mut();
        model.dirty = app::Dirty::NONE;
        let mut sink = JsSlices::new();
        app::view::whole(&model, &mut sink);
        sink.into_value().unwrap_or(JsValue::NULL)
    }

    pub fn subscribe(&self, cb: js_sys::Function) {
        self.listeners.borrow_mut().push(cb);
    }

    /// Send subscribers the slices that read a part changed since the last time.
    fn notify(&self) {
        let dirty = self.model.borrow_mut().dirty.take();
        // Nobody subscribed yet (the app subscribes once it shows the whole view, which holds
        // these): the slices are not built.
        if dirty == app::Dirty::NONE || self.listeners.borrow().is_empty() {
            return;
        }
        let mut sink = JsSlices::new();
        app::view::changed(&self.model.borrow(), dirty, &mut sink);
        let Some(changed) = sink.into_value() else {
            return;
        };
        for cb in self.listeners.borrow().iter() {
            if let Err(e) = cb.call1(&JsValue::NULL, &changed) {
                web_sys::console::error_2(&"view subscriber failed".into(), &e);
            }
        }
    }

    fn perform(self: &Rc<Self>, effect: Effect) {
        match effect {
            Effect::Http(mut req) => {
                let this = Rc::clone(self);
                let base = Rc::clone(&self.base);
                wasm_bindgen_futures::spawn_local(async move {
                    // Each read is built and handed to `fetch` in a task of its own: the start
                    // asks for about twenty at once, and building them all in the start's task
                    // made it one of the page's longest (issue 28, TBT). A change (a favourite,
                    // a payment) leaves at once: a page left right after the tap must not lose
                    // it before it was sent.
                    if req.method == app::Method::Get {
                        gloo_timers::future::TimeoutFuture::new(0).await;
                    }
                    if req.guarded != app::Guard::None {
                        req.body = third_party::guard(req.body.take(), req.guarded).await;
                    }
                    let (outcome, kept) = match req.file_input {
                        Some(input) => (upload::perform(&base, &req, input).await, None),
                        None => http::perform_kept(&base, &req).await,
                    };
                    // Each answer is read (and its slices drawn) in a task of its own: answers
                    // that land together would otherwise all run in one long task.
                    gloo_timers::future::TimeoutFuture::new(0).await;
                    // Offline copies and live answers tell the shell which one the page shows.
                    if let HttpOutcome::Response { .. } = outcome {
                        this.freshness(kept);
                    }
                    this.dispatch(Event::Http {
                        id: req.id,
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
            Effect::Timer { id, ms, event } => {
                let set = self.timers_set.get();
                self.timers_set.set(set.wrapping_add(1));
                let weak = Rc::downgrade(self);
                let timeout = gloo_timers::callback::Timeout::new(ms, move || {
                    if let Some(rt) = weak.upgrade() {
                        rt.fire(id, set, *event);
                    }
                });
                // Id 0: a timer nobody cancels.
                if id == TimerId(0) {
                    timeout.forget();
                } else {
                    self.timers.borrow_mut().push((id, set, timeout));
                }
            }
            // Dropping a gloo Timeout clears it.
            Effect::CancelTimer(id) => self.timers.borrow_mut().retain(|(t, ..)| *t != id),
            Effect::StoreLocal { key, value } => storage::local_set(&key, value.as_deref()),
            Effect::StoreSession { key, value } => storage::session_set(&key, value.as_deref()),
            Effect::StoreCookie {
                name,
                value,
                max_age,
            } => storage::store_cookie(&name, &value, max_age),
            Effect::Load { url } => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().assign(&url);
                }
            }
            Effect::Scroll { anchor } => scroll(anchor.as_deref()),
            Effect::Socket(cmd) => socket::perform(self, &self.socket, cmd),
            Effect::RefreshLock(cmd) => self.refresh_lock(cmd),
            Effect::ThirdParty(cmd) => third_party::perform(self, cmd),
            Effect::Reload => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            }
            // The chunk's fetch is its own task; its answer is dispatched like any other, so
            // the queued events run in order and subscribers hear the new slices.
            Effect::LoadGroup(group) => {
                let this = Rc::clone(self);
                wasm_bindgen_futures::spawn_local(async move {
                    let code = group.load().await.map(|g| app::groups::Code(g.into()));
                    this.dispatch(Event::GroupLoaded { group, code });
                });
            }
            Effect::KeptIndex(cmd) => kept::perform(self, cmd),
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
    /// Tell the shell when the page switches between live answers and the service worker's
    /// offline copies (only on a change: one event per switch, not per answer).
    fn freshness(self: &Rc<Self>, kept: Option<u64>) {
        let was = self.model.borrow().f.shell.offline_since.is_some();
        if was || kept.is_some() {
            let offset_minutes = -(js_sys::Date::new_0().get_timezone_offset() as i32);
            self.dispatch(Event::Tick(app::Tick::Shell(
                app::features::shell::ShellTick::Freshness {
                    cached_at: kept,
                    offset_minutes,
                },
            )));
        }
    }

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

/// Changed slices, written straight into one JS object (public for the dispatch bench,
/// `core/tests/bench_dispatch.rs`, which measures this exact sink).
pub struct JsSlices {
    obj: js_sys::Object,
    any: bool,
}

impl Default for JsSlices {
    fn default() -> Self {
        Self::new()
    }
}

impl JsSlices {
    pub fn new() -> Self {
        JsSlices {
            obj: js_sys::Object::new(),
            any: false,
        }
    }

    /// The object of changed slices, or None when no slice was written.
    pub fn into_value(self) -> Option<JsValue> {
        self.any.then(|| self.obj.into())
    }
}

impl app::feature::SliceSink for JsSlices {
    fn put<T: serde::Serialize>(&mut self, name: &'static str, value: &T) {
        self.set(name, to_js(value));
    }
    fn put_json(&mut self, name: &'static str, json: serde_json::Result<String>) {
        self.set(name, from_json(json));
    }
}

impl JsSlices {
    /// Sets slice `name` on the object sent to the view; `None` (not serialized) is left out.
    fn set(&mut self, name: &'static str, value: Option<JsValue>) {
        if let Some(v) = value {
            let _ = js_sys::Reflect::set(&self.obj, &name.into(), &v);
            self.any = true;
        }
    }
}

/// A Rust value as a plain JS value: compact JSON text (serde_json's printer) parsed by the
/// engine, an object's `null` members left out so the view reads a `None` as `undefined`
/// (`json_js::view_from_text`); a serialization error is logged and gives `None`.
pub fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Option<JsValue> {
    from_json(serde_json::to_string(value))
}

/// JSON text a writer gave (here, or a lazy group's code in its chunk) as a plain JS value.
fn from_json(json: serde_json::Result<String>) -> Option<JsValue> {
    match json {
        Ok(text) => crate::json_js::view_from_text(&text),
        Err(e) => {
            web_sys::console::error_1(&format!("view not serialized: {e}").into());
            None
        }
    }
}

/// A plain JS value from the view (an event, the config) as a dynamic value. It is first
/// written by `JSON.stringify` and read by serde_json (`json_js::from_value`): a cyclic or
/// exotic object (a DOM event passed by mistake) becomes an error here instead of a deep
/// recursion in the reader.
pub fn js_json(value: &JsValue) -> Result<crate::json::Json, String> {
    crate::json_js::from_value(value)
}

/// [`js_json`] read into `T`.
pub fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    crate::json::from_json(js_json(value)?)
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

thread_local! {
    /// A fetch of the numbering plans is on its way (one at a time).
    static PHONE_PLANS_ASKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The numbering plans are a static asset of the app, fetched once in the background; a failed
/// fetch is tried again on the next input.
fn load_phone_plans(url: &str) {
    if url.is_empty() || crate::domain::phone::is_loaded() || PHONE_PLANS_ASKED.get() {
        return;
    }
    PHONE_PLANS_ASKED.set(true);
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
            None => {
                PHONE_PLANS_ASKED.set(false);
                web_sys::console::warn_1(&format!("phone plans not loaded from {url}").into());
            }
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
            rt.dispatch_now(Event::AddressChanged {
                path: current_url(),
            });
        }
    });
    let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget();
    let weak = Rc::downgrade(rt);
    let on_storage =
        Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
            let key = e.key();
            let value = e.new_value();
            let heard = key
                .as_deref()
                .and_then(|k| app::Tick::stored_elsewhere(k, value.as_deref()));
            if let Some(tick) = heard {
                if let Some(rt) = weak.upgrade() {
                    rt.dispatch(Event::Tick(tick));
                }
                return;
            }
            if key.as_deref() != Some(storage::PEER_KEY) {
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
