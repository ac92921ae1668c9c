//! Third-party services and analytics (issue 16; SPEC §4 Analytics events, §7 Other, §8 captcha
//! and pixel rows, §9 Pixel): the configuration rules, what loads with and without keys and
//! consent, the fan-out of every event to every configured sink with its pixel action id and
//! external event code, the captcha and fingerprint on the guarded forms, the chat's restore id,
//! and that no effect ever carries the session token.

use crate::support;

use croupier_core::app::features::consent;
use croupier_core::app::features::third_party::{Status, ThirdPartyTick, HELD_MAX};
use croupier_core::app::{update, Boot, Config, Effect, Event, Guard, LogLevel, Model, Req, Tick};
use croupier_core::domain::analytics::AnalyticsEvent::{self, *};
use croupier_core::domain::consent::Consent;
use croupier_core::domain::realtime::SocketEvent;
use croupier_core::domain::third_party::{
    fan_out, origin, plan, script_url, Plan, Service, ServiceCmd, ServiceConfig, SinkCall,
    CAPTCHA_KEY_MISSING,
};
use serde_json::json;
use support::*;

fn cfg(key: &str, script: &str) -> ServiceConfig {
    ServiceConfig {
        key: key.into(),
        script: script.into(),
    }
}

/// Every service keyed, its stand-in on the sandbox's path.
fn keyed() -> Config {
    let mut c = Config::default();
    for s in Service::ALL {
        c.third_party.set(
            s,
            cfg(
                &format!("{}-key", s.name()),
                &format!("/third-party/{}.js", s.name()),
            ),
        );
    }
    c
}

fn boot(config: Config, token_: Option<String>) -> (Model, Vec<Effect>) {
    boot_with(config, token_, None)
}

/// Start with the visitor's stored cookie choice (`cookieConsent`, domain::consent).
fn boot_with(config: Config, token_: Option<String>, stored: Option<&str>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config);
    let fx = update(
        &mut m,
        Event::Booted {
            token: token_,
            path: "/".into(),
            boot: match stored {
                Some(choice) => Boot::holding(&[(consent::CONSENT, choice)]),
                None => Boot::default(),
            },
        },
        NOW,
    );
    (m, fx)
}

const ALL_ALLOWED: Option<&str> = Some("analytics=1;marketing=1");

fn cmds(fx: &[Effect]) -> Vec<&ServiceCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::ThirdParty(c) => Some(c),
            _ => None,
        })
        .collect()
}

fn loads(fx: &[Effect]) -> Vec<Service> {
    cmds(fx)
        .into_iter()
        .filter_map(|c| match c {
            ServiceCmd::Load { service, .. } => Some(*service),
            _ => None,
        })
        .collect()
}

fn tracked(fx: &[Effect]) -> Vec<SinkCall> {
    cmds(fx)
        .into_iter()
        .filter_map(|c| match c {
            ServiceCmd::Track(t) => Some(*t),
            _ => None,
        })
        .collect()
}

/// (sink, event, action id, external code) of each tracked call.
fn tracks(fx: &[Effect]) -> Vec<(&'static str, &'static str, u32, Option<u32>)> {
    tracked(fx)
        .into_iter()
        .map(|t| {
            (
                t.sink.name(),
                t.event.as_str(),
                t.action_id,
                t.external_code,
            )
        })
        .collect()
}

fn logs(fx: &[Effect], level: LogLevel) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Log { level: l, message } if *l == level => Some(message.clone()),
            _ => None,
        })
        .collect()
}

fn tick(m: &mut Model, t: ThirdPartyTick) -> Vec<Effect> {
    update(m, Event::Tick(Tick::ThirdParty(t)), NOW)
}

// ---------------------------------------------------------------------------------------------
// Configuration rules
// ---------------------------------------------------------------------------------------------

#[test]
fn a_service_loads_only_with_a_key_a_usable_address_and_if_needed_consent() {
    let gtm = cfg(
        "GTM-AB12",
        "https://www.googletagmanager.com/gtm.js?id={key}",
    );
    let all = Consent::chosen(true, true);
    let none = Consent::default();
    let analytics = Consent::chosen(true, false);
    let marketing = Consent::chosen(false, true);
    assert_eq!(
        plan(Service::TagManager, &gtm, &all),
        Plan::Load("https://www.googletagmanager.com/gtm.js?id=GTM-AB12".into())
    );
    assert_eq!(plan(Service::TagManager, &gtm, &none), Plan::AwaitConsent);
    assert_eq!(
        plan(Service::TagManager, &gtm, &marketing),
        Plan::AwaitConsent
    );
    // Chat, fingerprint and captcha protect or serve the visitor: no consent needed.
    for s in [Service::Chat, Service::Fingerprint, Service::Captcha] {
        assert!(!s.needs_consent());
        assert_eq!(
            plan(s, &cfg("k1", "/x.js"), &none),
            Plan::Load("/x.js".into())
        );
    }
    // Measurement waits for analytics, the pixel for marketing.
    for s in [
        Service::TagManager,
        Service::WebMetrics,
        Service::SessionReplay,
    ] {
        assert!(s.needs_consent());
        assert_eq!(plan(s, &cfg("k1", "/x.js"), &none), Plan::AwaitConsent);
        assert_eq!(plan(s, &cfg("k1", "/x.js"), &marketing), Plan::AwaitConsent);
        assert_eq!(
            plan(s, &cfg("k1", "/x.js"), &analytics),
            Plan::Load("/x.js".into())
        );
    }
    assert_eq!(
        plan(Service::Pixel, &cfg("k1", "/x.js"), &analytics),
        Plan::AwaitConsent
    );
    assert_eq!(
        plan(Service::Pixel, &cfg("k1", "/x.js"), &marketing),
        Plan::Load("/x.js".into())
    );
    // No key (or only blanks): nothing, whatever the address.
    assert_eq!(plan(Service::Pixel, &cfg("", "/p.js"), &all), Plan::NoKey);
    assert_eq!(plan(Service::Pixel, &cfg("  ", "/p.js"), &all), Plan::NoKey);
    // A key that could break out of its address, or an address that is not one.
    for key in ["a b", "id\"><script>", "x&y=1", &"k".repeat(129)] {
        assert!(
            matches!(
                plan(Service::Pixel, &cfg(key, "/p.js?id={key}"), &all),
                Plan::Refused(_)
            ),
            "{key}"
        );
    }
    for script in [
        "",
        "javascript:alert(1)",
        "//evil.example/x.js",
        "data:text/javascript,1",
        "ftp://x.example/a.js",
        "https://",
        "/a b.js",
        "https://x.example/\"onload=\"x",
    ] {
        assert!(
            matches!(
                plan(Service::Captcha, &cfg("k", script), &all),
                Plan::Refused(_)
            ),
            "{script}"
        );
    }
    assert!(
        plan(Service::SessionReplay, &cfg("o-1/app", "/fs.js"), &all)
            == Plan::Load("/fs.js".into())
    );
}

#[test]
fn the_key_goes_into_the_address_and_the_origin_is_read_from_it() {
    assert_eq!(
        script_url(
            " https://www.google.com/recaptcha/api.js?render={key} ",
            "6Lc-x_Y"
        ),
        Some("https://www.google.com/recaptcha/api.js?render=6Lc-x_Y".into())
    );
    assert_eq!(
        script_url("/third-party/pixel.js", "7"),
        Some("/third-party/pixel.js".into())
    );
    assert_eq!(
        origin("https://cdn.example:8443/a/b.js?x=1"),
        Some("https://cdn.example:8443")
    );
    assert_eq!(
        origin("http://localhost:8123/third-party/pixel.js"),
        Some("http://localhost:8123")
    );
    assert_eq!(origin("https://cdn.example"), Some("https://cdn.example"));
    assert_eq!(origin("/third-party/pixel.js"), None);
    assert_eq!(origin("https:///x"), None);
}

#[test]
fn every_service_has_its_spec_key_and_messages() {
    let keys: Vec<&str> = Service::ALL.iter().map(|s| s.key_name()).collect();
    assert_eq!(
        keys,
        [
            "tagManagerId",
            "webMetricsId",
            "chatId",
            "sessionReplayOrgId",
            "fingerprintKey",
            "pixelId",
            "captchaKey"
        ]
    );
    assert_eq!(Service::Captcha.key_missing(), CAPTCHA_KEY_MISSING);
    assert_eq!(CAPTCHA_KEY_MISSING, "Missing captcha key");
    assert_eq!(Service::Pixel.load_failed(), "Failed to load Pixel");
    assert_eq!(Service::Chat.key_missing(), "Missing chat key: not loaded");
}

// ---------------------------------------------------------------------------------------------
// Fan-out (SPEC §4, §9)
// ---------------------------------------------------------------------------------------------

/// An event as a sink gets it: name, pixel action id, external event code.
type Fired = (&'static str, u32, Option<u32>);

#[test]
fn each_event_goes_to_every_sink_with_its_companions_action_ids_and_codes() {
    let sinks = Service::ALL; // only the sinks among them receive
    let want: &[(AnalyticsEvent, &[Fired])] = &[
        (Visit, &[("visit", 80, Some(5))]),
        (Regfin, &[("regfin", 81, Some(1))]),
        (Regnotfin, &[("regnotfin", 82, Some(14))]),
        (Ftd, &[("ftd", 83, Some(2)), ("deposit", 89, Some(4))]),
        (Dep2, &[("dep2", 84, Some(6)), ("deposit", 89, Some(4))]),
        (Dep3, &[("dep3", 85, Some(7)), ("deposit", 89, Some(4))]),
        (Dep4, &[("dep4", 86, Some(8)), ("deposit", 89, Some(4))]),
        (
            Dep5plus,
            &[("dep5plus", 87, Some(9)), ("deposit", 89, Some(4))],
        ),
        (Deposit, &[("deposit", 89, Some(4))]),
        (Bet, &[("bet", 88, Some(3)), ("bet30", 90, None)]),
        (Bet30, &[("bet30", 90, None)]),
    ];
    for (event, fired) in want {
        let calls = fan_out(*event, &sinks);
        let mut expected = Vec::new();
        for (name, id, code) in fired.iter() {
            for sink in ["tagManager", "webMetrics", "pixel"] {
                expected.push((sink, *name, *id, *code));
            }
        }
        let got: Vec<_> = calls
            .iter()
            .map(|c| {
                (
                    c.sink.name(),
                    c.event.as_str(),
                    c.action_id,
                    c.external_code,
                )
            })
            .collect();
        assert_eq!(got, expected, "{event:?}");
    }
    assert!(fan_out(Visit, &[Service::Chat, Service::Captcha]).is_empty());
    assert_eq!(fan_out(Ftd, &[Service::Pixel]).len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Loading at start
// ---------------------------------------------------------------------------------------------

#[test]
fn without_keys_nothing_loads_and_each_service_logs_its_missing_key() {
    let (m, fx) = boot(Config::default(), None);
    assert!(cmds(&fx).is_empty(), "{:?}", cmds(&fx));
    let warnings = logs(&fx, LogLevel::Warn);
    for s in Service::ALL {
        assert!(warnings.contains(&s.key_missing()), "{s:?}: {warnings:?}");
        assert_eq!(m.f.third_party.status(s), Status::Off);
    }
    assert!(warnings.contains(&"Missing captcha key".to_string()));
    // visit has no sink, and none waits for consent: nothing is kept.
    assert!(m.f.third_party.held.is_empty());
}

#[test]
fn keyed_services_load_at_start_and_the_consent_ones_wait_for_consent() {
    let (m, fx) = boot(keyed(), None);
    assert_eq!(
        loads(&fx),
        [Service::Chat, Service::Fingerprint, Service::Captcha]
    );
    for c in cmds(&fx) {
        if let ServiceCmd::Load { service, url, key } = c {
            assert_eq!(url, &format!("/third-party/{}.js", service.name()));
            assert_eq!(key, &format!("{}-key", service.name()));
        }
    }
    assert_eq!(m.f.third_party.status(Service::Pixel), Status::AwaitConsent);
    // visit fired at mount: no sink may have it yet, it is kept for them.
    assert!(tracked(&fx).is_empty());
    assert_eq!(m.f.third_party.held, [Visit]);
}

#[test]
fn the_visitors_choice_loads_what_it_allows_and_sends_it_what_was_kept() {
    // The stored choice arrives as `Msg::Consent` after the services were planned: the waiting
    // ones load then, and get the visit kept for them.
    let (m, fx) = boot_with(keyed(), None, ALL_ALLOWED);
    assert_eq!(
        loads(&fx),
        [
            Service::Chat,
            Service::Fingerprint,
            Service::Captcha,
            Service::TagManager,
            Service::WebMetrics,
            Service::SessionReplay,
            Service::Pixel
        ]
    );
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "visit", 80, Some(5)),
            ("webMetrics", "visit", 80, Some(5)),
            ("pixel", "visit", 80, Some(5))
        ]
    );
    assert!(m.f.third_party.held.is_empty());
    assert_eq!(m.shared.consent, Consent::chosen(true, true));

    // Analytics only: no pixel, and the visit is not kept for it.
    let (m, fx) = boot_with(keyed(), None, Some("analytics=1;marketing=0"));
    assert!(!loads(&fx).contains(&Service::Pixel));
    assert!(loads(&fx).contains(&Service::TagManager));
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "visit", 80, Some(5)),
            ("webMetrics", "visit", 80, Some(5))
        ]
    );
    assert_eq!(m.f.third_party.status(Service::Pixel), Status::AwaitConsent);
    assert!(m.f.third_party.held.is_empty());

    // Everything refused: only what needs no consent, nothing kept.
    let (m, fx) = boot_with(keyed(), None, Some("analytics=0;marketing=0"));
    assert_eq!(
        loads(&fx),
        [Service::Chat, Service::Fingerprint, Service::Captcha]
    );
    assert!(tracked(&fx).is_empty());
    assert!(m.f.third_party.held.is_empty());

    // An unreadable stored choice counts as none.
    let (m, _) = boot_with(keyed(), None, Some("analytics=yes"));
    assert_eq!(m.f.third_party.held, [Visit]);
}

#[test]
fn at_most_a_bounded_number_of_events_wait_for_consent() {
    let (mut m, _) = boot(keyed(), Some(token(3600, "t")));
    respond(&mut m, req::profile(), 200, json!({"id": 7}));
    connect(&mut m);
    for _ in 0..(HELD_MAX + 5) {
        bet_push(&mut m);
    }
    assert_eq!(m.f.third_party.held.len(), HELD_MAX);
}

#[test]
fn a_consented_visitor_sends_visit_at_mount_to_every_sink() {
    let mut m = Model::new(keyed());
    m.shared.consent = Consent::chosen(true, true);
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    assert_eq!(loads(&fx).len(), 7);
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "visit", 80, Some(5)),
            ("webMetrics", "visit", 80, Some(5)),
            ("pixel", "visit", 80, Some(5))
        ]
    );
}

#[test]
fn a_bad_key_or_address_is_logged_as_an_error_and_loads_nothing() {
    let mut c = Config::default();
    c.third_party.set(
        Service::Captcha,
        cfg("k", "javascript:alert(document.cookie)"),
    );
    c.third_party.set(
        Service::Chat,
        cfg("<img onerror=x>", "/third-party/chat.js"),
    );
    let (m, fx) = boot(c, None);
    assert!(loads(&fx).is_empty());
    assert_eq!(logs(&fx, LogLevel::Error).len(), 2);
    assert_eq!(m.f.third_party.status(Service::Captcha), Status::Refused);
}

// ---------------------------------------------------------------------------------------------
// Failure
// ---------------------------------------------------------------------------------------------

#[test]
fn a_failed_script_is_logged_and_gets_no_more_events() {
    let (mut m, _) = consented_player(keyed());
    let fx = tick(&mut m, ThirdPartyTick::Failed(Service::Pixel));
    assert_eq!(logs(&fx, LogLevel::Error), ["Failed to load Pixel"]);
    let fx = tick(&mut m, ThirdPartyTick::Loaded(Service::TagManager));
    assert!(fx.iter().all(|e| !matches!(
        e,
        Effect::Log {
            level: LogLevel::Error,
            ..
        }
    )));
    assert_eq!(m.f.third_party.status(Service::TagManager), Status::Ready);
    // A late "loaded" of the failed one does not bring it back.
    tick(&mut m, ThirdPartyTick::Loaded(Service::Pixel));
    assert_eq!(m.f.third_party.status(Service::Pixel), Status::Failed);
    let fx = bet_push(&mut m);
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "bet", 88, Some(3)),
            ("webMetrics", "bet", 88, Some(3)),
            ("tagManager", "bet30", 90, None),
            ("webMetrics", "bet30", 90, None)
        ]
    );
    let fx = tick(&mut m, ThirdPartyTick::Failed(Service::Captcha));
    assert_eq!(logs(&fx, LogLevel::Error), ["Failed to load captcha"]);
}

// ---------------------------------------------------------------------------------------------
// Events from the product
// ---------------------------------------------------------------------------------------------

fn consented_guest() -> Model {
    boot_with(keyed(), None, ALL_ALLOWED).0
}

fn sign_up(m: &mut Model) -> Vec<Effect> {
    use croupier_core::app::{AppUi, FormId, FormValue};
    for (field, value) in [
        ("email", FormValue::Text("new@player.example".into())),
        ("password", FormValue::Text("royal-flush-9".into())),
        ("currency", FormValue::Text("USD".into())),
        ("agreements", FormValue::Bool(true)),
    ] {
        ui(
            m,
            AppUi::FormInput {
                form: FormId::SignUp,
                field: field.into(),
                value,
            },
        );
    }
    ui(
        m,
        AppUi::FormSubmit {
            form: FormId::SignUp,
        },
    )
}

#[test]
fn registration_fires_regfin_and_a_refused_one_regnotfin() {
    let mut m = consented_guest();
    let fx = sign_up(&mut m);
    let sent = http(&fx);
    assert_eq!(sent.len(), 1);
    // The captcha token and the fingerprint are the runtime's to add to this call.
    assert_eq!(sent[0].guarded, Guard::Form);
    let fx = respond(
        &mut m,
        req::register(),
        422,
        json!({"code": "validation", "message": "bad", "errors": {"email": ["taken"]}}),
    );
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "regnotfin", 82, Some(14)),
            ("webMetrics", "regnotfin", 82, Some(14)),
            ("pixel", "regnotfin", 82, Some(14))
        ]
    );
    sign_up(&mut m);
    let fx = respond(
        &mut m,
        req::register(),
        201,
        json!({"accessToken": token(3600, "reg"), "profile": {"id": 7, "email": "new@player.example"}}),
    );
    assert_eq!(
        tracks(&fx),
        [
            ("tagManager", "regfin", 81, Some(1)),
            ("webMetrics", "regfin", 81, Some(1)),
            ("pixel", "regfin", 81, Some(1))
        ]
    );
    assert_no_token(&fx, &token(3600, "reg"));
}

#[test]
fn a_network_failure_of_registration_is_no_regnotfin() {
    let mut m = consented_guest();
    sign_up(&mut m);
    let fx = fail(&mut m, req::register(), "offline");
    assert!(tracked(&fx).is_empty());
}

#[test]
fn only_the_visitors_forms_are_guarded_by_the_captcha_and_fingerprint() {
    let guarded = |r: Req| r.endpoint().guarded == Guard::Form;
    assert!(guarded(req::register()));
    assert!(guarded(req::login()));
    assert!(guarded(req::password_reset()));
    assert!(!guarded(req::profile()));
    assert!(!guarded(req::logout()));
    assert!(!guarded(req::accounts()));
    assert!(!guarded(req::password_confirm()));
    // The messenger sign-in sends the visitor fingerprint as `frogoFingerprint`, no captcha.
    let tg = Req::Miniapp(croupier_core::app::features::miniapp::Call::Login).endpoint();
    assert_eq!(tg.guarded, Guard::Messenger);
}

fn push(m: &mut Model, channel: &str, data: serde_json::Value) -> Vec<Effect> {
    let frame = json!({"push": {"channel": channel, "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

fn bet_push(m: &mut Model) -> Vec<Effect> {
    push(
        m,
        "game:bets#7",
        json!({"event": "bet.placebet", "data": {"id": 1, "amount": "5.00"}}),
    )
}

/// A consented player 7, signed in with a stored token, the socket up.
fn consented_player(config: Config) -> (Model, String) {
    let t = token(3600, "secret-session");
    let (mut m, _) = boot_with(config, Some(t.clone()), ALL_ALLOWED);
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "p@x.example"}),
    );
    connect(&mut m);
    (m, t)
}

fn chat_profile() -> Req {
    Req::ThirdParty(croupier_core::app::features::third_party::Call::Profile)
}

fn save_restore() -> Req {
    Req::ThirdParty(croupier_core::app::features::third_party::Call::SaveRestoreId)
}

#[test]
fn deposits_and_bets_reach_every_sink() {
    let (mut m, t) = consented_player(keyed());
    let invoice = |id: u64, number: u64| {
        json!({"event": "invoice.deposit.updated", "data": {"id": id, "type": 1, "status": 2,
            "amount": "10.00", "currency": "USD", "paymentMethod": "card.deposit.visa",
            "number": number, "publicData": {}, "createdAt": 1}})
    };
    let fx = push(&mut m, "payment:invoices#7", invoice(41, 1));
    let events: Vec<_> = tracks(&fx)
        .into_iter()
        .map(|t| (t.0, t.1, t.2, t.3))
        .collect();
    assert_eq!(
        events,
        [
            ("tagManager", "ftd", 83, Some(2)),
            ("webMetrics", "ftd", 83, Some(2)),
            ("pixel", "ftd", 83, Some(2)),
            ("tagManager", "deposit", 89, Some(4)),
            ("webMetrics", "deposit", 89, Some(4)),
            ("pixel", "deposit", 89, Some(4))
        ]
    );
    // The same invoice again fires nothing; the fifth deposit is dep5plus.
    assert!(tracked(&push(&mut m, "payment:invoices#7", invoice(41, 1))).is_empty());
    let fx = push(&mut m, "payment:invoices#7", invoice(45, 5));
    let names: Vec<_> = tracks(&fx).into_iter().map(|t| (t.1, t.2)).collect();
    assert_eq!(names[0], ("dep5plus", 87));
    assert_eq!(names[3], ("deposit", 89));
    let fx = bet_push(&mut m);
    assert_eq!(tracked(&fx).len(), 6);
    assert_no_token(&fx, &t);
}

#[test]
fn the_chat_gets_the_player_and_restore_id_and_a_new_restore_id_is_saved() {
    let (m0, _) = boot(keyed(), None);
    drop(m0);
    let t = token(3600, "secret-session");
    let mut m = Model::new(keyed());
    let fx = update(
        &mut m,
        Event::Booted {
            token: Some(t.clone()),
            path: "/".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    assert!(loads(&fx).contains(&Service::Chat));
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "p@x.example"}),
    );
    // The chat is on: its restore id is asked for first.
    assert!(http(&fx).iter().any(|h| h.req == chat_profile()));
    assert!(cmds(&fx).is_empty());
    let fx = respond(
        &mut m,
        chat_profile(),
        200,
        json!({"id": 7, "freshchatRestoreId": "r-1"}),
    );
    assert_eq!(
        cmds(&fx),
        [&ServiceCmd::Identify {
            player_id: Some(7),
            restore_id: Some("r-1".into()),
            replay: false
        }]
    );
    // The chat made a new user: its restore id goes to the profile.
    let fx = tick(&mut m, ThirdPartyTick::RestoreId("r-2".into()));
    let sent = http(&fx);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].req, save_restore());
    assert_eq!(sent[0].path, "/api/player/profile");
    assert_eq!(sent[0].body, Some(json!({"freshchatRestoreId": "r-2"})));
    // The same id again: nothing to save.
    assert!(http(&tick(&mut m, ThirdPartyTick::RestoreId("r-2".into()))).is_empty());
    // Saving fails: logged only (SPEC §8), nothing shown.
    tick(&mut m, ThirdPartyTick::RestoreId("r-3".into()));
    let fx = respond(
        &mut m,
        save_restore(),
        500,
        json!({"code": "x", "message": "down"}),
    );
    assert_eq!(logs(&fx, LogLevel::Warn).len(), 1);
    assert!(m.f.toasts.queue.visible().is_empty() && m.f.toasts.queue.pending_len() == 0);
    // Signing out tells the chat nobody is there.
    let fx = ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    assert!(cmds(&fx).contains(&&ServiceCmd::Identify {
        player_id: None,
        restore_id: None,
        replay: false
    }));
    for e in &fx {
        if let Effect::ThirdParty(c) = e {
            assert!(!format!("{c:?}").contains(&t));
        }
    }
}

#[test]
fn a_failed_restore_id_lookup_still_tells_the_chat_the_player() {
    let t = token(3600, "s");
    let mut m = Model::new(keyed());
    update(
        &mut m,
        Event::Booted {
            token: Some(t),
            path: "/".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(&mut m, req::profile(), 200, json!({"id": 7}));
    let fx = fail(&mut m, chat_profile(), "offline");
    assert_eq!(
        cmds(&fx),
        [&ServiceCmd::Identify {
            player_id: Some(7),
            restore_id: None,
            replay: false
        }]
    );
}

#[test]
fn without_chat_or_replay_nobody_is_identified_and_no_profile_is_asked_twice() {
    let mut c = Config::default();
    c.third_party
        .set(Service::Pixel, cfg("px", "/third-party/pixel.js"));
    let (mut m, _) = consented_player(c);
    assert!(m.calls.id_of(&chat_profile()).is_none());
    let fx = ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    assert!(cmds(&fx).is_empty());
}

/// SPEC §4 "Logging in sets a third-party plug-in context, outside production only": the
/// session replay (allowed by the visitor) hears who the player is in staging and the sandbox,
/// never in production, where the chat alone is told.
#[test]
fn the_session_replay_knows_the_player_outside_production_only() {
    let identify = |production: bool, services: &[Service]| {
        let mut c = Config {
            production,
            ..Config::default()
        };
        for &s in services {
            c.third_party
                .set(s, cfg("k", &format!("/third-party/{}.js", s.name())));
        }
        let (mut m, _) = consented_player(c);
        if services.contains(&Service::Chat) {
            respond(&mut m, chat_profile(), 200, json!({"id": 7}));
        }
        let fx = ui(
            &mut m,
            croupier_core::app::features::session::SessionUi::SignOut,
        );
        cmds(&fx).into_iter().cloned().collect::<Vec<_>>()
    };
    let both = [Service::Chat, Service::SessionReplay];
    let out = |replay| ServiceCmd::Identify {
        player_id: None,
        restore_id: None,
        replay,
    };
    assert_eq!(identify(false, &both), [out(true)]);
    assert_eq!(identify(true, &both), [out(false)]);
    assert_eq!(identify(false, &[Service::SessionReplay]), [out(true)]);
    // Production with the replay alone: nobody is told anything.
    assert!(identify(true, &[Service::SessionReplay]).is_empty());
}

/// The host page says production as a boolean; anything else is not production.
#[test]
fn production_is_read_from_the_host_config() {
    assert!(Config::read(&json!({"production": true})).production);
    for v in [
        json!({}),
        json!({"production": "yes"}),
        json!({"production": false}),
    ] {
        assert!(!Config::read(&v).production, "{v}");
    }
}

/// Signing in tells the replay the player outside production, and not in production.
#[test]
fn signing_in_identifies_to_the_replay_outside_production_only() {
    for production in [false, true] {
        let mut c = Config {
            production,
            ..Config::default()
        };
        c.third_party.set(
            Service::SessionReplay,
            cfg("k", "/third-party/sessionReplay.js"),
        );
        let t = token(3600, "s");
        let (mut m, _) = boot_with(c, Some(t), ALL_ALLOWED);
        let fx = respond(&mut m, req::profile(), 200, json!({"id": 7}));
        let told: Vec<_> = cmds(&fx).into_iter().cloned().collect();
        if production {
            assert!(told.is_empty(), "{told:?}");
        } else {
            assert_eq!(
                told,
                [ServiceCmd::Identify {
                    player_id: Some(7),
                    restore_id: None,
                    replay: true
                }]
            );
        }
    }
}

/// No third-party effect carries the session token, whatever it is.
fn assert_no_token(fx: &[Effect], token: &str) {
    for e in fx {
        if let Effect::ThirdParty(c) = e {
            assert!(!format!("{c:?}").contains(token), "{c:?}");
        }
    }
}
