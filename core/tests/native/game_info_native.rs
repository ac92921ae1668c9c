//! `GET /api/player/init` (SPEC §7 Player): the platform's game side is told the player and the
//! active currency once a session knows it, again on a switch of the active account, and never
//! twice for the same one; a failure is logged only (SPEC §8 "Game info … update fails").

use crate::support;

use croupier_core::app::features::games;
use croupier_core::app::features::session::SessionUi;
use croupier_core::app::features::wallet::WalletUi;
use croupier_core::app::{
    update, view, AppUi, Effect, Event, FormId, FormValue, LogLevel, Method, Model, Req,
};
use serde_json::json;
use support::{http, req, respond, restored, token, ui, NOW};

const INIT: &str = "/api/player/init";

fn init_req() -> Req {
    Req::Games(games::Call::Init)
}

fn inits(fx: &[Effect]) -> usize {
    http(fx).iter().filter(|h| h.path == INIT).count()
}

fn accounts(active: &str) -> serde_json::Value {
    let status = |c: &str| if c == active { 1 } else { 2 };
    json!([
        {"id": 1, "currency": "USD", "balance": "100.00", "status": status("USD")},
        {"id": 3, "currency": "EUR", "balance": "5.00", "status": status("EUR")}
    ])
}

/// A returning player whose accounts answered with USD active: the init call's effects.
fn player() -> (Model, Vec<Effect>) {
    let (mut m, fx) = restored("/");
    assert_eq!(inits(&fx), 0, "not before the active currency is known");
    let fx = respond(&mut m, req::accounts(), 200, accounts("USD"));
    (m, fx)
}

#[test]
fn the_game_side_learns_the_active_currency_once_per_change() {
    let (mut m, fx) = player();
    let init: Vec<_> = http(&fx).into_iter().filter(|h| h.path == INIT).collect();
    assert_eq!(init.len(), 1);
    assert_eq!(init[0].method, Method::Get);
    assert!(init[0].bearer.is_some(), "a player call");
    respond(
        &mut m,
        init_req(),
        200,
        json!({"playerId": 7, "currency": "USD"}),
    );

    // The list again with USD still active (reloaded after a new account) tells nothing new.
    support::add_account(&mut m, "BTC", 5);
    let fx = respond(&mut m, req::accounts(), 200, accounts("USD"));
    assert_eq!(inits(&fx), 0);

    // A switch to EUR is news.
    ui(&mut m, WalletUi::SwitchAccount { id: 3 });
    let fx = respond(&mut m, req::switch_account(3), 200, accounts("EUR"));
    assert_eq!(inits(&fx), 1);
}

#[test]
fn a_failed_update_is_logged_only_and_told_again_on_the_next_switch() {
    let (mut m, _) = player();
    let toasts = view(&m).toasts.clone();
    let fx = respond(&mut m, init_req(), 500, json!({"message": "down"}));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Log { level: LogLevel::Warn, message } if message.contains("game info"))),
        "{fx:?}"
    );
    assert_eq!(view(&m).toasts, toasts, "no alert for the player");
    assert!(http(&fx).is_empty(), "no retry loop");
    ui(&mut m, WalletUi::SwitchAccount { id: 3 });
    let fx = respond(&mut m, req::switch_account(3), 200, accounts("EUR"));
    assert_eq!(inits(&fx), 1);
}

#[test]
fn a_new_session_in_the_same_currency_tells_it_again() {
    let (mut m, _) = player();
    respond(&mut m, init_req(), 200, json!({}));
    ui(&mut m, SessionUi::SignOut);
    assert_eq!(
        m.shared.active_currency, None,
        "no account is active for a guest"
    );

    ui(
        &mut m,
        AppUi::OpenModal {
            id: "sign-in".into(),
            params: vec![],
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    for (field, value) in [("email", "jackpot@example.com"), ("password", "secret-123")] {
        ui(
            &mut m,
            AppUi::FormInput {
                form: FormId::SignIn,
                field: field.into(),
                value: FormValue::Text(value.into()),
            },
        );
    }
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::SignIn,
        },
    );
    respond(
        &mut m,
        req::login(),
        200,
        json!({"accessToken": token(3600, "b"), "profile": {"id": 7, "email": "a@b.c"}}),
    );
    let fx = respond(&mut m, req::accounts(), 200, accounts("USD"));
    assert_eq!(inits(&fx), 1);
}

#[test]
fn a_guest_never_calls_it() {
    let mut m = support::guest("/");
    let fx = update(
        &mut m,
        Event::Ui(
            AppUi::Navigate {
                path: "/games".into(),
            }
            .into(),
        ),
        NOW,
    );
    assert_eq!(inits(&fx), 0);
    assert_eq!(m.f.games.game_info, None);
}
