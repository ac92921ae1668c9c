//! The view the React store starts with before the core has loaded
//! (`app/src/core/initialView.gen.json`), rendered from the core's own view of a fresh model so
//! it can never go stale: a new slice or field appears there the moment it exists here.
//!
//! Before boot the address is unknown, so the page and the error are left out (the shell
//! shows the preloader, or paints a guest's home by itself); `None` fields are left out as the
//! view reads them (`undefined`), and the texts are the bundled `core/content/en.json`.
//!
//! `UPDATE_TS_NAMES=1 cargo test -p croupier-core --test native initial_view` writes the file; without
//! the variable the test fails when the committed file differs from what it would write.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::app::{view, Config, Model};
use serde_json::Value;
use std::path::PathBuf;

fn target() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../app/src/core/initialView.gen.json")
}

/// Drop nulls, as the view's `undefined`.
fn prune(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|_, x| !x.is_null());
            map.values_mut().for_each(prune);
        }
        Value::Array(items) => items.iter_mut().for_each(prune),
        _ => {}
    }
}

fn render() -> String {
    let model = Model::new(Config::default());
    let mut v = serde_json::to_value(view(&model)).unwrap();
    let map = v.as_object_mut().unwrap();
    map.remove("texts");
    let nav = map.get_mut("nav").and_then(Value::as_object_mut).unwrap();
    nav.remove("page");
    nav.remove("error");
    prune(&mut v);
    serde_json::to_string_pretty(&v).unwrap() + "\n"
}

#[test]
fn initial_view_file_is_current() {
    let want = render();
    if std::env::var_os("UPDATE_TS_NAMES").is_some_and(|v| v == "1") {
        std::fs::write(target(), &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(target()).unwrap_or_default();
    assert!(
        have == want,
        "app/src/core/initialView.gen.json is stale: run UPDATE_TS_NAMES=1 cargo test -p croupier-core --test native initial_view"
    );
}
