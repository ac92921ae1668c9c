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

/// A player on `path` whose USD (active) and BTC accounts and the currencies are known.
fn player_with_accounts(path: &str) -> croupier_core::app::model::Model {
    let (mut m, _) = support::restored(path);
    respond(
        &mut m,
        req::currencies(),
        200,
        json!([
            {"code":"USD","type":"fiat","symbol":"$","rate":{"rate":"1"},"subunitToUnit":100},
            {"code":"BTC","type":"crypto","symbol":"₿","rate":{"rate":"50000"},"subunitToUnit":100000000,"subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
        ]),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "10.00", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0.5", "status": 2}
        ]),
    );
    sent(&mut m);
    m
}

fn assert_in(names: &[&str], want: &[&str], not: &[&str]) {
    for w in want {
        assert!(names.contains(w), "{w} not in {names:?}");
    }
    for n in not {
        assert!(!names.contains(n), "{n} in {names:?}");
    }
}

#[test]
fn a_modal_rebuilds_what_reads_the_query_or_the_modal_and_not_the_pages() {
    let mut m = support::guest("/");
    sent(&mut m);
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "sign-in".into(),
            params: Default::default(),
        },
    );
    for part in [Part::Shell, Part::Limits] {
        assert_eq!(m.dirty.0 & Dirty::bit(part), 0, "{part:?}");
    }
    let names = sent(&mut m);
    // The nav names the open modal; limits read the query (`limitId`); a modal is where the
    // payment slice is seen, so it is sent fresh. (The games and protection features mark
    // their own slices on any move: not a shared read.)
    assert_in(
        &names,
        &["nav", "limits", "payment"],
        &[
            "gamesHistory",
            "sport",
            "session",
            "registration",
            "bonuses",
            "bonusesHistory",
            "history",
        ],
    );
}

#[test]
fn a_move_between_pages_rebuilds_what_reads_the_page_or_the_path() {
    let mut m = support::guest("/");
    sent(&mut m);
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/sport".into(),
        },
    );
    let names = sent(&mut m);
    // The page: nav, sport (the book and carousels), protection (a game page or not); the path:
    // the history filters' links.
    assert_in(
        &names,
        &[
            "nav",
            "sport",
            "protection",
            "bonusesHistory",
            "gamesHistory",
        ],
        &["limits", "session", "registration", "payment", "history"],
    );
    // Not a wallet page: the wallet's history is not seen, the move there sends it.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history".into(),
        },
    );
    assert_in(&sent(&mut m), &["history", "payment"], &["limits"]);
}

#[test]
fn new_currencies_rebuild_the_moved_rows_that_read_them() {
    let mut m = support::guest("/wallet/history");
    sent(&mut m);
    respond(&mut m, req::currencies(), 200, currencies());
    for part in [Part::Limits, Part::Bonuses, Part::Payments, Part::Shell] {
        assert_eq!(m.dirty.0 & Dirty::bit(part), 0, "{part:?}");
    }
    let names = sent(&mut m);
    // Limits offer the currencies, the bonus history filters by them, the wallet's history
    // shows amounts in them; the page's rows read none.
    assert_in(
        &names,
        &["limits", "bonusesHistory", "history"],
        &["gamesLobby", "sport", "nav", "session", "protection"],
    );
    // New locales: the nav's names for them, nothing that only read currencies (the parent
    // resolves the address again, which the payments feature hears as a move).
    respond(
        &mut m,
        req::locales(),
        200,
        json!([{"code": "en", "name": "English"}, {"code": "pt-br", "name": "Português"}]),
    );
    assert_in(&sent(&mut m), &["nav"], &["limits", "bonusesHistory"]);
}

#[test]
fn a_locale_change_rebuilds_the_moved_rows_that_link_in_it() {
    let mut m = support::guest("/");
    sent(&mut m);
    ui(
        &mut m,
        AppUi::SetLocale {
            code: "pt-br".into(),
        },
    );
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Sport), 0);
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Bonuses), 0);
    let names = sent(&mut m);
    // The links' prefix (the games' own marks say the same for the games slices).
    assert_in(
        &names,
        &["nav", "gamesLobby", "gamesPlay", "sport", "bonuses"],
        &["limits", "session", "registration"],
    );
}

#[test]
fn how_amounts_show_rebuilds_the_balances_and_not_the_pages() {
    use croupier_core::app::features::wallet::WalletUi;
    let mut m = player_with_accounts("/");
    ui(&mut m, WalletUi::SetCryptoUnits { sub_units: false });
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Session), 0);
    let names = sent(&mut m);
    // The header's balance read the unit through the currency's display; the page is not the
    // wallet, so the payment slices, which read it too, are not seen and not built.
    assert_in(
        &names,
        &["session"],
        &["gamesLobby", "nav", "sport", "limits", "payment", "history"],
    );
    ui(
        &mut m,
        WalletUi::SetEquivalent {
            currency: Some("USD".into()),
        },
    );
    assert_eq!(m.dirty.0 & Dirty::bit(Part::Session), 0);
    assert_in(
        &sent(&mut m),
        &["session"],
        &["gamesLobby", "nav", "bonuses"],
    );
}

#[test]
fn on_the_wallet_page_the_payment_slices_follow_the_unit() {
    use croupier_core::app::features::wallet::WalletUi;
    let mut m = player_with_accounts("/wallet");
    ui(&mut m, WalletUi::SetCryptoUnits { sub_units: false });
    assert_in(
        &sent(&mut m),
        &["session", "payment", "history"],
        &["gamesLobby", "nav", "limits"],
    );
}

/// Until `Shared`'s fields are private (issue 28 notes, "Session 45"): the files that hold the
/// slice builders read `Shared` only through its accessors, which note the group read. A field
/// read there (`shared.zone.format(…)`) would leave the slice stale when the zone changes.
#[test]
fn the_slice_builders_read_shared_only_through_its_accessors() {
    const FIELDS: &[&str] = &[
        "location",
        "route",
        "status",
        "player_id",
        "country",
        "visitor_country",
        "active_currency",
        "accounts",
        "deposit_bonus",
        "deposit_amount",
        "crypto_sub_units",
        "texts",
        "currencies",
        "locales",
        "update_ready",
        "affiliate",
        "consent",
        "catalogue",
        "zone",
        "registration",
        "equivalent",
        "modal",
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = vec![root.join("display.rs"), root.join("features/shell/menu.rs")];
    let mut dirs = vec![root.join("features")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.file_name().is_some_and(|n| n == "view.rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 20, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("shared.") {
                let rest = &line[at + "shared.".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let after = rest[name.len()..].chars().next();
                if FIELDS.contains(&name.as_str()) && after != Some('(') {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "read without an accessor:\n{}",
        found.join("\n")
    );
}
