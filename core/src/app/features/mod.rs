//! Feature modules: each owns its model, view intents, calls (endpoint table), timers,
//! forms and view slices, and uses its domain rules. Registered in `app/registry.rs`.

pub mod bonuses;
pub mod consent;
pub mod content;
pub mod documents;
pub mod games;
pub mod limits;
pub mod miniapp;
pub mod notifications;
pub mod pages;
pub mod payments;
pub mod phone;
pub mod profile;
pub mod protection;
pub mod referral;
pub mod session;
pub mod settings;
pub mod shell;
pub mod social;
pub mod sport;
pub mod third_party;
pub mod toasts;
pub mod verify;
pub mod wallet;
