//! Pure domain rules, one module per noun of SPEC.md. No I/O, no web-sys, no clock reads:
//! time is always an argument.
//!
//! Nothing here panics: no unwrap/expect, no indexing or slicing that can go out of bounds,
//! no panic!. Unit tests (cfg(test)) may unwrap.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic
    )
)]

// Forms and formats (SPEC §3, §5, §9).
pub mod case;
pub mod cpf;
pub mod mask;
pub mod money;
pub mod names;
pub mod phone;
pub mod validation;

// Navigation (SPEC §2).
pub mod modal;
pub mod route;
pub mod sport;

// State machines and business constants (SPEC §4, §9).
pub mod affiliate;
pub mod alert;
pub mod analytics;
pub mod bonus;
pub mod bonus_code;
pub mod consent;
pub mod geo;
pub mod invoice;
pub mod limit;
pub mod locale;
pub mod loyalty;
pub mod notification;
pub mod payment;
pub mod payment_form;
pub mod quest;
pub mod realtime;
pub mod refresh;
pub mod session;
pub mod third_party;
pub mod wager;
pub mod zone;
