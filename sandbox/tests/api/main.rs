//! The sandbox's tests, one binary: the platform API of SPEC §7 and the realtime protocol over
//! real HTTP and WebSocket, a module per area. Each test binary is linked on its own, so 31 of
//! them spent most of `cargo test` linking (issue 31).
#[macro_use]
mod common;

mod auth;
mod bonuses;
mod content;
mod control;
mod documents;
mod games;
mod games_live;
mod hardening;
mod hardening_account;
mod hardening_files;
mod hardening_local;
mod hardening_money;
mod hardening_ws;
mod limits;
mod limits_loosen;
mod notifications;
mod pages;
mod payment_families;
mod payments;
mod personal;
mod phone;
mod realtime;
mod security;
mod seo;
mod settings;
mod social;
mod spec_calls;
mod sport;
mod static_files;
mod telegram;
mod validation;
mod verify;
mod wallet;
