//! A slice is rebuilt when its own part changed or when a shared group it read while it was
//! last built changed (`feature::Reads`, noted by `Shared`'s accessors), and not otherwise:
//! no slice lists the siblings it reads.
#![cfg(not(target_arch = "wasm32"))]

use crate::support::{self, req, respond, sent, ui};
use croupier_core::app::model::Dirty;
use croupier_core::app::registry::Part;
use croupier_core::app::AppUi;
use serde_json::json;

fn currencies() -> serde_json::Value {
    json!([
        {"code":"USD","type":"fiat","symbol":"$","rate":{"rate":"1"},"subunitToUnit":100,"subCurrencies":[],"isEnabled":true,"isBase":true},
        {"code":"EUR","type":"fiat","symbol":"€","rate":{"rate":"1.1"},"subunitToUnit":100,"subCurrencies":[],"isEnabled":true,"isBase":false}
    ])
}

#[test]
fn new_currencies_rebuild_the_slices_that_read_them_and_no_other() {
    let mut m = support::guest("/");
    sent(&mut m);
    respond(&mut m, req::currencies(), 200, currencies());
    // Not through the wallet's part: the wallet feature did not change.
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Wallet), 0);
    let names = sent(&mut m);
    // The wallet's slice offers the currencies an account can be opened in: it read them.
    assert!(names.contains(&"accounts"), "{names:?}");
    assert!(names.contains(&"options"), "{names:?}");
    for other in [
        "profile",
        "notifications",
        "consent",
        "toasts",
        "contentPage",
        "social",
    ] {
        assert!(!names.contains(&other), "{other} in {names:?}");
    }
}

#[test]
fn a_locale_change_rebuilds_the_slices_that_read_the_locale_and_a_move_within_it_does_not() {
    let mut m = support::guest("/");
    sent(&mut m);
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/games".into(),
        },
    );
    let names = sent(&mut m);
    assert!(!names.contains(&"referral"), "{names:?}");
    ui(
        &mut m,
        AppUi::SetLocale {
            code: "pt-br".into(),
        },
    );
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Referral), 0);
    let names = sent(&mut m);
    // The referral link is the home of the address's locale.
    assert!(names.contains(&"referral"), "{names:?}");
    assert!(!names.contains(&"accounts"), "{names:?}");
}
