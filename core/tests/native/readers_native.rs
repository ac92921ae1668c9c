//! The answers, frames and config that were read field by field until session 44, now read by
//! their `Deserialize` derives (issue 28 item 4): each with a SPEC §7 sample, what a missing or
//! odd optional field does, and a malformed one that is refused with a reason, never a panic.

use croupier_core::app::features::games::history;
use croupier_core::app::features::miniapp::Launch;
use croupier_core::app::model::Config;
use croupier_core::app::proof::{from_profile, has_factor, Factors, Proof};
use croupier_core::domain::loyalty::LoyaltyAccount;
use croupier_core::domain::quest::{Quest, Task};
use croupier_core::domain::realtime::protocol::{decode, read_connected, Incoming, ReplyError};
use croupier_core::domain::third_party::Service;
use croupier_core::json::from_json;
use serde_json::json;

#[test]
fn a_quest_reads_its_tasks_and_leaves_out_the_unreadable_ones() {
    // SPEC §3 Quest and Task, as `GET /api/retention/quests` lists them.
    let q: Quest = from_json(
        json!({"id": 1, "name": "Spin it", "state": 2, "reward": "10 FS",
        "tasks": [
            {"id": 5, "questId": 1, "type": "bet", "isActive": true, "isCompleted": false,
             "progress": 1, "quantity": 3, "gameIds": [7]},
            {"id": 6, "questId": 1, "progress": "x", "isActive": "yes"},
            {"questId": 1},
            "odd"
        ]}),
    )
    .unwrap();
    assert_eq!((q.id, q.name.as_str(), q.state), (1, "Spin it", 2));
    assert_eq!(q.tasks.len(), 2, "a task without an id is left out");
    assert_eq!(q.tasks[0].kind.as_deref(), Some("bet"));
    assert_eq!(
        (
            q.tasks[1].progress,
            q.tasks[1].is_active,
            q.tasks[1].kind.clone()
        ),
        (0, false, None),
        "odd optional fields read as their defaults"
    );
    // A whole float (as JS may send) is the integer.
    let t: Task = from_json(json!({"id": 5.0, "questId": 1, "quantity": 3.0})).unwrap();
    assert_eq!((t.id, t.quantity), (5, 3));
    // Without an id or a state the quest is refused, with the reason.
    let e = from_json::<Quest>(json!({"id": 1, "name": "x"})).unwrap_err();
    assert!(e.contains("state"), "{e}");
    assert!(from_json::<Quest>(json!({"id": -1, "state": 1})).is_err());
    assert!(from_json::<Quest>(json!({"id": 1, "state": 300})).is_err());
    assert!(from_json::<Task>(json!({"id": 5})).is_err());
}

#[test]
fn a_loyalty_account_needs_its_points_and_level_order() {
    // SPEC §3 Loyalty account (`GET /api/retention/loyalty/account`, `retention:accounts`).
    let a: LoyaltyAccount = from_json(json!({"points": 282,
        "currentLevel": {"name": "Silver", "points": 100, "order": 2},
        "nextLevel": {"name": "Gold", "points": 500}}))
    .unwrap();
    assert_eq!(
        (
            a.points,
            a.current_level.order,
            a.next_level.unwrap().points
        ),
        (282, 2, 500)
    );
    // The top level: no next level (null or not an object); an odd level name is empty.
    for next in [json!(null), json!("none"), json!(5)] {
        let a: LoyaltyAccount = from_json(json!({"points": 1,
            "currentLevel": {"name": 3, "order": 4}, "nextLevel": next}))
        .unwrap();
        assert_eq!(a.next_level, None);
        assert_eq!(
            (a.current_level.name.as_str(), a.current_level.points),
            ("", 0)
        );
    }
    let e = from_json::<LoyaltyAccount>(json!({"points": 1, "currentLevel": {"name": "x"}}))
        .unwrap_err();
    assert!(e.contains("order"), "{e}");
    assert!(from_json::<LoyaltyAccount>(json!({"currentLevel": {"order": 1}})).is_err());
    assert!(from_json::<LoyaltyAccount>(json!([])).is_err());
}

#[test]
fn realtime_replies_and_pushes_read_as_before() {
    // docs/API.md "Realtime": a connect reply, an error reply, a publication, a disconnect.
    let lines = decode(concat!(
        r#"{"id":1,"connect":{"client":"c1","version":"5","ping":25,"pong":true}}"#,
        "\n",
        r#"{"id":2,"error":{"code":103,"message":"permission denied"}}"#,
        "\n",
        r#"{"id":3,"error":"odd"}"#,
        "\n",
        r#"{"push":{"channel":"wallet:accounts#1","pub":{"data":{"balance":"1.00"},"offset":4}}}"#,
        "\n",
        r#"{"push":{"channel":"c","pub":7}}"#,
        "\n",
        r#"{"push":{"disconnect":{"code":3501,"reason":"bad request"}}}"#,
        "\n",
        r#"{"push":{"disconnect":null}}"#,
        "\n",
        r#"{"push":{"channel":"c","unsubscribe":{"code":2000}}}"#,
        "\n",
        r#"{"push":{"channel":"c","join":{"info":{}}}}"#,
        "\n",
        r#"{}"#
    ));
    let Incoming::Reply {
        id: 1,
        result: Ok(connect),
    } = &lines[0]
    else {
        panic!("{:?}", lines[0]);
    };
    let c = read_connected(connect);
    assert_eq!((c.client.as_str(), c.ping_s, c.pong), ("c1", 25, true));
    assert_eq!(
        lines[1],
        Incoming::Reply {
            id: 2,
            result: Err(ReplyError {
                code: 103,
                message: "permission denied".into()
            })
        }
    );
    assert_eq!(
        lines[2],
        Incoming::Reply {
            id: 3,
            result: Err(ReplyError::default())
        },
        "an error that is not an object still fails the command"
    );
    assert_eq!(
        lines[3],
        Incoming::Publication {
            channel: "wallet:accounts#1".into(),
            data: json!({"balance": "1.00"})
        }
    );
    assert_eq!(
        lines[4],
        Incoming::Publication {
            channel: "c".into(),
            data: json!(null)
        }
    );
    assert_eq!(
        lines[5],
        Incoming::Disconnect {
            code: 3501,
            reason: "bad request".into()
        }
    );
    assert_eq!(
        lines[6],
        Incoming::Disconnect {
            code: 0,
            reason: String::new()
        }
    );
    assert_eq!(
        lines[7],
        Incoming::Unsubscribed {
            channel: "c".into()
        }
    );
    assert_eq!(lines[8], Incoming::Ignored);
    assert_eq!(lines[9], Incoming::Ping);
    // Odd connect fields read as defaults; a ping above an hour is an hour.
    let c = read_connected(&json!({"client": 5, "ping": 99999, "pong": "yes"}));
    assert_eq!((c.client.as_str(), c.ping_s, c.pong), ("", 3600, false));
    assert_eq!(read_connected(&json!("odd")), Default::default());
}

#[test]
fn malformed_realtime_lines_are_reported_not_fatal() {
    let bad = [
        r#"{"push":{"pub":{"data":1}}}"#,
        r#"{"push":"odd"}"#,
        r#"{"id":-1,"connect":{}}"#,
        r#"{"id":"x"}"#,
        r#"[1,2]"#,
        r#"{"push":{"channel":"#,
    ];
    for line in bad {
        match &decode(line)[..] {
            [Incoming::Malformed(excerpt)] => assert!(line.starts_with(excerpt.as_str())),
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn the_host_config_keeps_defaults_for_absent_or_mistyped_keys() {
    let d = Config::default();
    let c = Config::read(&json!({
        "apiBase": "https://api.example", "platform": 3, "defaultLocale": null,
        "locales": ["en", 5, "es"], "texts": "odd", "affiliateCookieDays": 7.0,
        "realityCheckMinutes": 20, "production": true,
        "thirdParty": {"chat": {"key": "k", "script": 9}, "unknown": {"key": "x"}},
        "operatorPaths": {"geo": ""}
    }));
    assert_eq!(c.api_base, "https://api.example");
    assert_eq!(
        (c.platform.as_str(), c.default_locale.as_str()),
        ("web", "en")
    );
    assert_eq!(c.locales, ["en", "es"]);
    assert_eq!(
        c.texts, d.texts,
        "texts that are not an object: the built-in ones"
    );
    assert_eq!(c.affiliate_cookie_days, 7);
    assert_eq!(c.reality_check_minutes, 0, "20 is not an offered interval");
    assert!(c.production);
    let chat = c.third_party.get(Service::Chat);
    assert_eq!((chat.key.as_str(), chat.script.as_str()), ("k", ""));
    // Locales that are not a list: the known ones; an offered interval is kept.
    let c = Config::read(&json!({"locales": "en", "realityCheckMinutes": 30}));
    assert_eq!(
        (c.locales, c.reality_check_minutes),
        (d.locales.clone(), 30)
    );
    // Anything but an object: all defaults.
    assert_eq!(Config::read(&json!([1])), d);
}

#[test]
fn the_miniapp_launch_needs_its_init_data() {
    // SPEC §3 "Messenger mini-app state", as the host page hands it over.
    let l = Launch::read(&json!({"initDataRaw": "query_id=AA&user=%7B%7D&hash=ab",
        "botUrl": "https://t.me/bot", "stag": " ", "startParam": "ref42",
        "user": {"id": 42.0, "username": "ana", "languageCode": "", "name": 7}}))
    .unwrap();
    assert_eq!(l.bot_url, "https://t.me/bot");
    assert_eq!((l.stag, l.start_param.as_deref()), (None, Some("ref42")));
    let u = l.user.unwrap();
    assert_eq!((u.id, u.username.as_deref()), (42, Some("ana")));
    assert_eq!(
        (u.language_code, u.name),
        (None, None),
        "blank or odd: none"
    );
    // A user without an id is none; the launch stays.
    let l = Launch::read(&json!({"initDataRaw": "x", "user": {"username": "ana"}})).unwrap();
    assert_eq!((l.user, l.bot_url.as_str()), (None, ""));
    // Without init data: not in the mini-app.
    for v in [
        json!({"initDataRaw": "  "}),
        json!({"botUrl": "b"}),
        json!("x"),
    ] {
        assert_eq!(Launch::read(&v), None, "{v}");
    }
}

#[test]
fn the_owner_proof_follows_the_profile_factors() {
    let f = |v| from_json::<Factors>(v).unwrap();
    // SPEC §3 Profile with a password: the password proves the owner.
    let p = f(json!({"id": 1, "hasPassword": true, "phone": "+351911"}));
    assert_eq!((from_profile(&p), has_factor(&p)), (Proof::Password, true));
    // A messenger sign-up without password, e-mail or phone: a code, and no factor.
    let p = f(json!({"id": 1, "hasPassword": false, "phone": "", "emailConfirmed": "yes"}));
    assert_eq!((from_profile(&p), has_factor(&p)), (Proof::Code, false));
    let p = f(json!({"hasPassword": false, "emailConfirmed": true}));
    assert!(has_factor(&p));
    // A platform that does not say: the password.
    let p = f(json!({"hasPassword": "no"}));
    assert_eq!(from_profile(&p), Proof::Password);
    assert_eq!(Factors::default(), f(json!({})));
}

#[test]
fn game_history_rows_need_an_id() {
    // SPEC §7 `GET /api/game/bets` and `/spins` rows, as the sandbox writes them.
    let bet = history::row(
        &json!({"id": 11, "gameIdentity": "book", "gameName": "Book",
        "currency": "EUR", "amount": "1.00", "win": "0.00", "isSettled": false, "createdAt": 5}),
    )
    .unwrap();
    assert_eq!(
        (bet.bet.as_str(), bet.settled, bet.created_at),
        ("1.00", false, 5)
    );
    let spin = history::row(
        &json!({"id": 12, "gameIdentity": "book", "gameName": "Book",
        "currency": "EUR", "bet": "2.00", "win": "4.00", "createdAt": 6}),
    )
    .unwrap();
    assert_eq!(
        (spin.bet.as_str(), spin.settled),
        ("2.00", true),
        "spins are settled"
    );
    let odd = history::row(&json!({"id": 13, "gameName": 1, "isSettled": "no", "createdAt": "x"}))
        .unwrap();
    assert_eq!(
        (odd.game.as_str(), odd.settled, odd.created_at),
        ("", true, 0)
    );
    let e = history::row(&json!({"gameName": "Book"})).unwrap_err();
    assert!(e.contains("id"), "{e}");
    assert!(history::row(&json!({"id": "11"})).is_err());
}

#[test]
fn social_links_leave_out_rows_without_a_type() {
    use croupier_core::app::features::social;
    use croupier_core::app::{view, Req};
    let (mut m, _) = crate::support::restored("/profile/info");
    // SPEC §7 `GET /api/player/social-connections`.
    crate::support::respond(
        &mut m,
        Req::Social(social::Call::Links),
        200,
        json!([{"socialType": "google", "email": "a@b.c"}, {"socialType": "facebook", "email": 5},
               {"email": "x@y.z"}, "odd"]),
    );
    let links = view(&m).social.links;
    let read: Vec<(&str, &str)> = links
        .iter()
        .map(|l| (l.connection.as_str(), l.email.as_str()))
        .collect();
    assert_eq!(read, [("google", "a@b.c"), ("facebook", "")]);
}

#[test]
fn catalogue_answers_keep_what_they_can_show() {
    use croupier_core::app::features::games::catalogue::{self, Catalogue, DESKTOP_ONLY, HAS_DEMO};
    // SPEC §3 Game, as a `games` page sends it.
    let page = json!({"data": [
        {"id": 11, "identity": "book", "name": "Book", "hasDemo": true, "isMobile": false,
         "provider": {"identity": "play", "name": "Play"}},
        {"id": "x", "identity": "dice", "name": "Dice", "provider": 5},
        {"identity": "", "name": "Blank"},
        {"identity": "nameless"},
        "odd"
    ], "meta": {"totalRows": 5.0, "totalPages": "x"}});
    let p = catalogue::page(&page).unwrap();
    assert_eq!((p.meta.total_rows, p.meta.total_pages), (5, 0));
    let mut cat = Catalogue::default();
    assert_eq!(
        cat.add(&p.data),
        [0, 1],
        "games without an identity or a name are left out"
    );
    let book = &cat.games[0];
    assert_eq!((book.id, book.flags), (11, HAS_DEMO | DESKTOP_ONLY));
    assert_eq!(cat.providers[usize::from(book.provider)].name, "Play");
    assert_eq!((cat.games[1].id, cat.games[1].flags), (0, 0));
    // Without `data` or `meta.totalRows` a page is refused.
    assert!(catalogue::page(&json!({"data": [], "meta": {}})).is_none());
    assert!(catalogue::page(&json!({"meta": {"totalRows": 1}})).is_none());

    assert!(cat.read_collections(&json!([
        {"identity": "new", "name": "New", "isHidden": "no", "countries": ["BR", 5], "gamesCount": 3},
        {"identity": "top"}
    ])));
    assert_eq!(cat.collections.len(), 1);
    let c = &cat.collections[0];
    assert_eq!(
        (c.info.is_hidden, c.info.countries.clone(), c.count),
        (false, vec!["BR".to_string()], 3)
    );
    assert!(!cat.read_collections(&json!({"data": []})));

    cat.read_providers(
        &json!([{"identity": "play", "name": "Play'n", "gamesCount": 40}, {"name": "x"}]),
    );
    assert_eq!(
        (cat.providers[0].name.as_str(), cat.providers[0].count),
        ("Play'n", 40)
    );
    assert!(cat.read_features(
        &json!([{"id": 1, "name": "Megaways"}, {"id": -1, "name": "x"}, {"name": "y"}])
    ));
    assert_eq!(cat.features, [(1, "Megaways".to_string())]);
}

#[test]
fn sport_search_hits_need_an_id_and_a_name() {
    use croupier_core::app::features::games::sport_search::hits;
    // SPEC §7 `GET /api/game/sport/search`.
    let found = hits(&json!([
        {"id": 9001, "name": "Arsenal - Chelsea", "championship": {"name": "Premier League",
            "category": {"name": "England", "sport": {"name": "Football"}}}},
        {"id": 9002, "name": "Lakers - Celtics", "championship": {"name": 5, "category": "odd"}},
        {"id": 9003, "name": "  "},
        {"name": "no id"},
        7
    ]));
    let read: Vec<(i64, &str, &str)> = found
        .iter()
        .map(|h| (h.id, h.name.as_str(), h.detail.as_str()))
        .collect();
    assert_eq!(
        read,
        [
            (
                9001,
                "Arsenal - Chelsea",
                "Football · England · Premier League"
            ),
            (9002, "Lakers - Celtics", "")
        ]
    );
    assert!(hits(&json!({"events": []})).is_empty());
}

#[test]
fn countries_are_named_by_their_code_when_unnamed() {
    use croupier_core::app::wire::countries;
    // SPEC §7 `GET /api/settings/countries`.
    let list = countries(&json!([
        {"code": "br", "name": "Brazil"}, {"code": "PT"}, {"name": "no code"}, {"code": 5}
    ]));
    assert_eq!(
        list,
        [
            ("BR".to_string(), "Brazil".to_string()),
            ("PT".into(), "PT".into())
        ]
    );
    assert!(countries(&json!({"BR": "Brazil"})).is_empty());
}

#[test]
fn server_rule_objects_take_their_name_and_params_from_the_first_key_there() {
    use croupier_core::domain::validation::{parse_server_validations, Rule};
    // The registration fields' rules (SPEC §7 `GET /api/player/register/fields`) written as
    // objects: the name under `name`, `rule`, `type` or `validator` (the first text), the
    // parameters under `params`, `param` or `args` (the first there, even as `null`).
    let (fields, warnings) = parse_server_validations(&json!({"nickname": {"rules": [
        {"name": "min", "params": [3], "message": "too short"},
        {"rule": "max", "param": 20},
        {"name": 5, "type": "required"},
        {"validator": "between", "args": {"max": 9, "min": 2}},
        {"name": "digits", "params": null, "param": [4]},
        {"params": [1]},
        {"name": "min", "args": "x"}
    ]}}));
    assert_eq!(
        fields,
        [(
            "nickname".to_string(),
            vec![
                Rule::Min(3),
                Rule::Max(20),
                Rule::Required,
                Rule::Between(2, 9)
            ]
        )]
    );
    let read: Vec<(&str, &str)> = warnings
        .iter()
        .map(|w| (w.rule.as_str(), w.reason.as_str()))
        .collect();
    assert_eq!(
        read,
        [
            ("digits", "digits: missing or invalid numeric parameter"),
            ("?", "rule without a name"),
            ("min", "min: missing or invalid numeric parameter")
        ]
    );
}

#[test]
fn the_bet_limit_event_needs_an_amount_and_a_currency_and_says_why_not() {
    use croupier_core::domain::realtime::push::{self, Push};
    // SPEC §7 `game.bet.max.exceed`: `{amount | maxBet, currency}`, amounts as text or number.
    let route = |data| {
        push::route(
            "game:bets#7",
            json!({"event": "game.bet.max.exceed", "data": data}),
        )
    };
    assert_eq!(
        route(json!({"amount": " 5.00 ", "currency": " USD ", "gameId": 3})),
        Push::MaxBetExceeded {
            amount: "5.00".into(),
            currency: "USD".into()
        }
    );
    assert_eq!(
        route(json!({"amount": null, "maxBet": 2, "currency": "EUR"})),
        Push::MaxBetExceeded {
            amount: "2".into(),
            currency: "EUR".into()
        }
    );
    for (data, reason) in [
        (json!({"amount": "5"}), "missing field `currency`"),
        (
            json!({"amount": "", "currency": "USD"}),
            "missing field `amount`",
        ),
        (json!({"amount": "5", "currency": " "}), "blank `currency`"),
        (json!({"amount": "5", "currency": 840}), "invalid type"),
        (json!([1]), "invalid"),
    ] {
        let Push::Malformed { reason: why, .. } = route(data.clone()) else {
            panic!("{data} is refused");
        };
        assert!(why.starts_with("event game.bet.max.exceed: "), "{why}");
        assert!(why.contains(reason), "{data}: {why}");
    }
}
