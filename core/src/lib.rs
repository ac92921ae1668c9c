//! Croupier core: every business rule of the player client.
//!
//! Layers, imported one way only: `domain` (pure rules) <- `app` (event -> model + effects)
//! <- `runtime` (wasm only: performs effects) <- `bindings` (wasm only: the JS surface).

// A crash-free core: no unwrap, expect, unchecked indexing or panic outside tests.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic
    )
)]

pub mod app;
pub mod domain;
pub mod json;
#[cfg(target_arch = "wasm32")]
pub mod json_js;

#[cfg(target_arch = "wasm32")]
pub mod bindings;
#[cfg(target_arch = "wasm32")]
pub mod runtime;

/// talc instead of the default dlmalloc: the same job in fewer wasm bytes.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
