//! The realtime WebSocket: performs `SocketCmd`s with `web_sys::WebSocket` and reports what
//! the socket does as `Event::Socket`. Every decision (when to connect, what to send,
//! reconnects, timeouts) is the pure client's (`domain::realtime::client`).
//!
//! Opening replaces the previous socket, and closing detaches its handlers first, so an old
//! socket's late events never reach the client.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::Runtime;
use crate::app::Event;
use crate::domain::realtime::{SocketCmd, SocketEvent};

/// The open socket and the handlers that keep it reporting.
pub struct Socket {
    ws: WebSocket,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

impl Socket {
    fn shut(self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

pub fn perform(rt: &Rc<Runtime>, slot: &RefCell<Option<Socket>>, cmd: SocketCmd) {
    match cmd {
        SocketCmd::Open { url } => {
            if let Some(old) = slot.borrow_mut().take() {
                old.shut();
            }
            match open(rt, &ws_url(&url, &super::http::origin())) {
                Ok(s) => *slot.borrow_mut() = Some(s),
                Err(reason) => {
                    // Reported like a failed connection, so the client backs off and retries.
                    web_sys::console::warn_1(
                        &format!("realtime: cannot open socket: {reason}").into(),
                    );
                    let rt = Rc::clone(rt);
                    wasm_bindgen_futures::spawn_local(async move {
                        rt.dispatch(Event::Socket(SocketEvent::Closed { code: 1006, reason }));
                    });
                }
            }
        }
        SocketCmd::Send(text) => {
            if let Some(s) = slot.borrow().as_ref() {
                if let Err(e) = s.ws.send_with_str(&text) {
                    web_sys::console::warn_2(&"realtime: send failed".into(), &e);
                }
            }
        }
        SocketCmd::Close => {
            if let Some(old) = slot.borrow_mut().take() {
                old.shut();
            }
        }
    }
}

fn open(rt: &Rc<Runtime>, url: &str) -> Result<Socket, String> {
    let ws = WebSocket::new(url).map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "the socket could not be opened".into())
    })?;
    let weak = Rc::downgrade(rt);
    let on_open = Closure::<dyn FnMut()>::new(move || {
        if let Some(rt) = weak.upgrade() {
            rt.dispatch(Event::Socket(SocketEvent::Opened));
        }
    });
    let weak = Rc::downgrade(rt);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        // The JSON protocol is text only; a binary frame is ignored. Messages are applied
        // once per animation frame, all that arrived together (Runtime::receive).
        if let (Some(rt), Some(text)) = (weak.upgrade(), e.data().as_string()) {
            rt.receive(text);
        }
    });
    let weak = Rc::downgrade(rt);
    let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |e: CloseEvent| {
        if let Some(rt) = weak.upgrade() {
            rt.dispatch(Event::Socket(SocketEvent::Closed {
                code: e.code(),
                reason: e.reason(),
            }));
        }
    });
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Ok(Socket {
        ws,
        _on_open: on_open,
        _on_message: on_message,
        _on_close: on_close,
    })
}

/// The socket address for `url`: an `http(s)://` address becomes `ws(s)://`; a path is taken
/// relative to `origin` (the page's).
pub fn ws_url(url: &str, origin: &str) -> String {
    let absolute = if url.starts_with('/') {
        [origin.trim_end_matches('/'), url].concat()
    } else {
        url.to_string()
    };
    if let Some(rest) = absolute.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = absolute.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        absolute
    }
}
