//! What features keep on the device. A feature declares each value it keeps
//! ([`Feature::STORED`](super::feature::Feature::STORED): its key and where it lives); the
//! runtime reads every declared key once at start, without knowing whose it is, into one
//! [`Kept`] map that comes with `Event::Booted`; each feature reads its own keys back from it
//! in its `Hook::Booted`. Writes are effects (`Effect::StoreLocal`, `StoreSession`,
//! `StoreCookie`), so a new stored value touches only its feature's folder.
//!
//! Not here: the session's token cookie (`domain::session::TOKEN_KEY`, read into
//! `Event::Booted::token` and written by `Effect::StoreToken`/`ClearToken` with its own
//! lifetime) and the runtime's cross-tab signals (`runtime::storage::PEER_KEY`, the refresh
//! lock): the session gate and the runtime own them, not a feature.

use litemap::LiteMap;

/// Where a value lives on the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place {
    /// localStorage: this device, every tab.
    Local,
    /// sessionStorage: this tab only.
    Session,
    /// A first-party cookie, read percent-decoded (an empty one is absent).
    Cookie,
}

/// A value a feature keeps on the device: its key (SPEC §9 names them) and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stored {
    pub place: Place,
    pub key: &'static str,
}

impl Stored {
    pub const fn local(key: &'static str) -> Stored {
        Stored {
            place: Place::Local,
            key,
        }
    }

    pub const fn session(key: &'static str) -> Stored {
        Stored {
            place: Place::Session,
            key,
        }
    }

    pub const fn cookie(key: &'static str) -> Stored {
        Stored {
            place: Place::Cookie,
            key,
        }
    }
}

/// The parent's own stored value: the reload made for a new build (`address.rs`).
pub const APP: &[Stored] = &[super::address::RELOAD_GUARD];

/// Every declared value: the parent's and each feature's, in registry order.
pub fn all() -> impl Iterator<Item = Stored> {
    APP.iter()
        .chain(super::registry::STORED.iter().flat_map(|list| list.iter()))
        .copied()
}

/// What the device held at start under each declared key (absent keys are not in it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept(LiteMap<Stored, String>);

impl Kept {
    /// The value held under `stored`, if any.
    pub fn get(&self, stored: Stored) -> Option<&str> {
        self.0.get(&stored).map(String::as_str)
    }

    /// Whether anything is held under `stored` (an empty value counts).
    pub fn has(&self, stored: Stored) -> bool {
        self.0.contains_key(&stored)
    }

    pub fn insert(&mut self, stored: Stored, value: String) {
        self.0.insert(stored, value);
    }

    /// `self` with `value` held under `stored` (tests set up a device this way).
    pub fn with(mut self, stored: Stored, value: &str) -> Kept {
        self.insert(stored, value.to_string());
        self
    }
}
