//! What features keep on the device (app/stored.rs): each declares its keys, the runtime reads
//! every declared key at start into `Boot::stored`, and each feature reads its own back at
//! boot. The keys are SPEC §9's and the product's (renaming one loses what players kept).
//! Each feature's own tests prove what it does with its values (games_native: the played
//! list; protection_native: the play session, interval, length and reminder; content_pages:
//! the consent and geo popup; payments_native: the pending QR deposit and payment region;
//! wallet_choices_native: the equivalent currency and crypto units; social_native).

use crate::support::booted_with_token;
use croupier_core::app::features::{consent, games, referral, shell};
use croupier_core::app::stored::{self, Kept, Place, Stored};
use croupier_core::app::{view, Boot, Model};

/// Every declared key, where it lives, and a value its feature takes (as the product writes
/// it).
const DEVICE: &[(Place, &str, &str)] = &[
    (Place::Session, "reloadGuard", "1700000000000|/games"),
    (Place::Local, "IS_DRAWER_COMPACT", "true"),
    (Place::Local, "equivalentCurrency", "EUR"),
    (Place::Local, "cryptoUnits", "units"),
    (Place::Local, "playedGames", r#"{"7":["netent/starburst"]}"#),
    (Place::Session, "returnGame", "/games/slots"),
    (Place::Session, "socialAuth", "5eed-1 google login /wallet"),
    (Place::Cookie, "affiliate_tag", "aff-1"),
    (Place::Cookie, "bot_url", "https://t.me/bot"),
    (Place::Cookie, "referral_id", "42"),
    (Place::Local, "cookieConsent", "analytics=1;marketing=0"),
    (Place::Session, "geoPopupSeen", "1"),
    (
        Place::Local,
        "croupier.playSession",
        r#"{"7":[1699999000000,1699999900000]}"#,
    ),
    (Place::Local, "croupier.realityCheck", r#"{"7":30}"#),
    (Place::Local, "croupier.sessionLength", r#"{"7":60}"#),
    (Place::Local, "croupier.dailyReminder", r#"{"7":600}"#),
    (Place::Local, "croupier.reminderSeen", r#"{"7":19675}"#),
    (Place::Session, "asyncInvoiceId", "50"),
    (Place::Local, "paymentGeo", "PT"),
];

fn booted(kept: Kept) -> Model {
    booted_with_token(
        "/",
        Boot {
            stored: kept,
            ..Boot::default()
        },
    )
}

#[test]
fn the_declared_keys_are_the_products_each_in_its_place_once() {
    let mut declared: Vec<(Place, &str)> = stored::all().map(|s| (s.place, s.key)).collect();
    let mut expected: Vec<(Place, &str)> = DEVICE.iter().map(|(p, k, _)| (*p, *k)).collect();
    declared.sort();
    expected.sort();
    assert_eq!(declared, expected);
    let mut keys: Vec<&str> = declared.iter().map(|(_, k)| *k).collect();
    keys.dedup();
    assert_eq!(keys.len(), declared.len(), "a key declared twice");
}

/// A feature that declares a key reads it at boot: the same start with the key's value held
/// ends in another state than without it (a key no feature reads, or one read under another
/// place, would end the same).
#[test]
fn each_declared_key_is_read_back_at_boot() {
    let empty = booted(Kept::default());
    for stored in stored::all() {
        let (_, _, value) = DEVICE
            .iter()
            .find(|(p, k, _)| *p == stored.place && *k == stored.key)
            .expect("every declared key has a value above");
        let held = booted(Kept::default().with(stored, value));
        // (`assert!`, not `assert_eq!`: a model's dump is thousands of lines.)
        assert!(held != empty, "{stored:?} is not read at boot");
        // Held in another place it is another value: not read.
        let elsewhere = Stored {
            place: match stored.place {
                Place::Local => Place::Session,
                _ => Place::Local,
            },
            key: stored.key,
        };
        assert!(
            booted(Kept::default().with(elsewhere, value)) == empty,
            "{stored:?} read from another place"
        );
    }
}

#[test]
fn features_show_what_the_device_kept() {
    let held = |s: Stored, v: &str| booted(Kept::default().with(s, v));
    // The compact drawer (SPEC §9 IS_DRAWER_COMPACT); anything but `true` is the wide one.
    assert!(
        view(&held(shell::DRAWER_COMPACT, "true"))
            .nav
            .drawer_compact
    );
    assert!(!view(&held(shell::DRAWER_COMPACT, "1")).nav.drawer_compact);
    // The cookie choice is in force before the request modal would ask.
    let m = held(consent::CONSENT, "analytics=1;marketing=0");
    assert!(m.shared.consent.decided && m.shared.consent.analytics && !m.shared.consent.marketing);
    // The affiliate tag cookie is the one sent with a registration.
    let m = held(referral::COOKIES[0], "aff-1");
    assert_eq!(m.shared.affiliate.stag.as_deref(), Some("aff-1"));
    // The way back from a game, for this tab.
    let m = held(games::launch::RETURN_GAME, "/games/slots");
    assert_eq!(m.f.games.launch.return_to.as_deref(), Some("/games/slots"));
}
