//! The sample Centrifugo configuration (`deploy/centrifugo/config.json`, README "Realtime on
//! Centrifugo") against the channels the core subscribes to: an operator who copies it gets a
//! server that accepts every subscription the client makes and no other player's channel.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::domain::realtime::push::{channels, GLOBAL_ONLINE, PLAYER_NAMESPACES};
use serde_json::Value;

fn config() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../deploy/centrifugo/config.json"
    );
    let text = std::fs::read_to_string(path).expect("deploy/centrifugo/config.json");
    serde_json::from_str(&text).expect("the sample is JSON")
}

/// Centrifugo's namespace of a channel: the part before the first `:`.
fn namespace_of(channel: &str) -> &str {
    channel.split_once(':').map_or("", |(ns, _)| ns)
}

fn namespace<'a>(cfg: &'a Value, name: &str) -> Option<&'a Value> {
    cfg["channel"]["namespaces"]
        .as_array()?
        .iter()
        .find(|n| n["name"] == name)
}

fn flag(ns: &Value, key: &str) -> bool {
    ns[key].as_bool().unwrap_or(false)
}

#[test]
fn every_player_channel_is_user_limited_in_its_namespace() {
    let cfg = config();
    for ns in PLAYER_NAMESPACES {
        let name = namespace_of(ns);
        let n = namespace(&cfg, name).unwrap_or_else(|| panic!("no namespace {name} for {ns}"));
        assert!(
            flag(n, "allow_user_limited_channels"),
            "{name}: `{ns}#{{playerId}}` needs allow_user_limited_channels"
        );
        // Anything wider would let one player read another's channel.
        for wide in [
            "allow_subscribe_for_client",
            "allow_subscribe_for_anonymous",
            "allow_publish_for_client",
            "allow_publish_for_subscriber",
            "allow_publish_for_anonymous",
        ] {
            assert!(
                !flag(n, wide),
                "{name}: {wide} opens other players' channels"
            );
        }
    }
}

#[test]
fn a_guest_can_subscribe_to_global_online_without_a_token_and_publish_nothing() {
    let cfg = config();
    assert!(flag(
        &cfg["client"],
        "allow_anonymous_connect_without_token"
    ));
    let n = namespace(&cfg, namespace_of(GLOBAL_ONLINE)).expect("the global namespace");
    assert!(flag(n, "allow_subscribe_for_client") && flag(n, "allow_subscribe_for_anonymous"));
    assert!(!flag(n, "allow_publish_for_client") && !flag(n, "allow_publish_for_anonymous"));
}

#[test]
fn the_sample_names_exactly_the_namespaces_the_client_uses() {
    let cfg = config();
    let mut used: Vec<String> = channels(Some(7))
        .iter()
        .map(|c| namespace_of(c).to_string())
        .collect();
    used.sort_unstable();
    used.dedup();
    let mut listed: Vec<String> = cfg["channel"]["namespaces"]
        .as_array()
        .expect("namespaces")
        .iter()
        .filter_map(|n| n["name"].as_str().map(str::to_string))
        .collect();
    listed.sort_unstable();
    assert_eq!(listed, used);
    // Nothing outside a namespace is open, and the keys are placeholders to change.
    let bare = cfg["channel"]["without_namespace"]
        .as_object()
        .expect("without_namespace");
    assert!(bare.values().all(|v| v != &Value::Bool(true)), "{bare:?}");
    assert!(cfg["client"]["token"]["hmac_secret_key"]
        .as_str()
        .is_some_and(|k| k.starts_with("CHANGE-ME")));
    assert!(cfg["http_api"]["key"]
        .as_str()
        .is_some_and(|k| k.starts_with("CHANGE-ME")));
}
