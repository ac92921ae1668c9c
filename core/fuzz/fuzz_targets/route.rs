//! Fuzzes the route parser, navigation check, sportsbook parser and modal reopen: none may
//! panic, and a resolved route must build back to a path that resolves to the same route.
#![no_main]

use croupier_core::domain::modal::{ModalContext, ModalHost};
use croupier_core::domain::route::{check_navigation, resolve, try_build, Location, RouteName};
use croupier_core::domain::sport;
use libfuzzer_sys::fuzz_target;

const LOCALES: &[&str] = &["en", "de", "pt-BR", "es-mx"];

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let loc = Location::parse_url(&input);
    let _ = loc.full_path();
    let _ = check_navigation(&input, false);
    let _ = check_navigation(&input, true);
    let _ = sport::parse(&input);
    let mut host = ModalHost::new();
    let _ = host.from_location(
        &loc,
        &ModalContext {
            logged_in: true,
            telegram: true,
            states: vec![],
        },
    );
    if let Ok(route) = resolve(&input, LOCALES, "en") {
        if let Some((name, _)) = RouteName::from_name(&route.name) {
            if let Some(path) = try_build(name, &route.params, route.locale.as_deref(), "en") {
                let again = resolve(&path, LOCALES, "en").expect("built path resolves");
                assert_eq!(again.name, route.name);
                assert_eq!(again.params, route.params);
            }
        }
    }
});
