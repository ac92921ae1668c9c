//! The core's native tests, one binary: the rules, state machines and flows, a module per suite.
//! Each test binary is linked on its own, so 46 of them spent most of `cargo test` linking
//! (issue 31). `--test native NAME` runs the tests whose path holds NAME (a suite: `payments_native::`).
#[macro_use]
mod support;

mod answers_native;
mod architecture_native;
mod bodies_native;
mod bonuses_native;
mod calls_native;
mod centrifugo_config;
mod constants_rules;
mod content_pages_native;
mod documents_native;
mod event_round_trip;
mod event_wire;
mod forms_props;
mod game_info_native;
mod games_native;
mod initial_view;
mod lazy_groups_native;
mod lazy_identity_native;
mod lazy_pages_native;
mod limits_later_native;
mod limits_native;
mod miniapp_native;
mod modal_rules;
mod money_props;
mod notifications_native;
mod offline_native;
mod operator_paths;
mod password_native;
mod payments_native;
mod phone_native;
mod profile_native;
mod protection_native;
mod push_batch_native;
mod rate_limit_native;
mod readers_native;
mod realtime_native;
mod registration_native;
mod route_rules;
mod session_native;
mod shell_native;
mod slice_native;
mod slice_reads_native;
mod social_native;
mod sport_native;
mod sport_rules;
mod state_rules;
mod stored_native;
mod third_party_native;
mod ts_names;
mod verify_native;
mod wallet_choices_native;
mod wire_answers;
mod zone_rules;
