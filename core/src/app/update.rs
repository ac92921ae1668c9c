//! `update(model, event, now) -> effects`: the only place the model changes. The parent
//! routes each event to the feature that owns it, then settles what features asked of it
//! (calls through the session gate, messages, hooks) until nothing is left.

use super::address;
use super::calls::{self, refresh, Auth, ResponseError};
use super::effect::{Effect, LogLevel};
use super::event::{AppUi, Boot, Event, HttpOutcome, UiEvent};
use super::feature::{
    Cx, Hook, LoadFailed, Msg, Out, OwnedHook, SessionChange, SessionStatus, SharedMark, Signal,
};
use super::features::session;
use super::forms;
use super::groups::{self, Code, LoadState, Pending};
use super::live::{self, News};
use super::model::Model;
use super::registry::{Features, FormId, GroupId, Part, Req};
use crate::domain::alert::Alert;
use crate::domain::validation::Rule;

pub use address::{parse_reload_guard, RELOAD_GUARD_KEY};

pub fn update(model: &mut Model, event: Event, now: u64) -> Vec<Effect> {
    // The shared groups this update changes are dirty too: slices that read one are rebuilt
    // (`feature::Reads`).
    let before = SharedMark::of(&model.shared, &model.config);
    let fx = routed(model, event, now);
    // The modal host is the parent's; slices read its state from `Shared` (`Shared::modal`).
    let modal = model.modals.current();
    if model.shared.modal.as_ref().map(|(id, p)| (*id, p))
        != modal.map(|id| (id, &model.modals.params))
    {
        model.shared.modal = modal.map(|id| (id, model.modals.params.clone()));
        model.dirty.address();
    }
    model.dirty.0 |= before.changed(&model.shared, &model.config);
    fx
}

fn routed(model: &mut Model, event: Event, now: u64) -> Vec<Effect> {
    let mut fx = Vec::new();
    let mut out = Out::default();
    match event {
        Event::Booted { token, path, boot } => {
            booted(model, token, &path, &boot, now, &mut fx, &mut out)
        }
        Event::Ui(UiEvent::App(e)) => app_ui(model, e, now, &mut fx, &mut out),
        Event::Ui(UiEvent::Feature(e)) => {
            model.dirty.mark(e.part());
            match e.part().group() {
                Some(id) => to_group(model, id, Pending::Ui(e), now, &mut fx, &mut out),
                None => run(model, now, &mut out, |f, cx| f.ui(e, cx)),
            }
        }
        Event::Ui(UiEvent::Unread(u)) => {
            let item = Pending::Unread {
                kind: u.kind,
                event: u.event,
            };
            to_group(model, u.group, item, now, &mut fx, &mut out)
        }
        Event::Http { id, outcome } => http_done(model, id, outcome, now, &mut fx, &mut out),
        Event::Tick(t) => {
            model.dirty.mark(t.part());
            match t.part().group() {
                Some(id) => to_group(model, id, Pending::Tick(t), now, &mut fx, &mut out),
                None => run(model, now, &mut out, |f, cx| f.tick(t, cx)),
            }
        }
        Event::GroupLoaded { group, code } => {
            loaded(model, group, code, now, &mut out);
        }
        Event::LoadGroup(group) => {
            load(model, group, now, &mut fx, &mut out);
        }
        Event::AddressChanged { path } => {
            address::set_address(model, &path, &mut fx);
            address::sync_modal(model, &mut fx);
        }
        Event::PeerSession { logged_in } => peer_session(model, logged_in, now, &mut fx, &mut out),
        Event::Socket(e) => {
            let news = live::socket_event(model, e, now, &mut fx);
            hear(model, news, now, &mut fx, &mut out);
        }
        Event::Refresh(e) => {
            let outcome = refresh::event(&mut model.calls, e, now, &mut fx);
            refreshed(model, outcome, now, &mut fx, &mut out);
        }
    }
    settle(model, now, &mut fx, &mut out);
    // The socket follows the session: login, logout and a lost session reconnect it.
    let news = live::sync(model, now, &mut fx);
    if !news.is_empty() {
        hear(model, news, now, &mut fx, &mut out);
        settle(model, now, &mut fx, &mut out);
    }
    fx
}

/// Run `f` with the features and a context borrowing the parent's shared state.
fn run<R>(
    model: &mut Model,
    now: u64,
    out: &mut Out,
    f: impl FnOnce(&mut Features, &mut Cx) -> R,
) -> R {
    let mut cx = Cx {
        now,
        config: &model.config,
        shared: &model.shared,
        out,
        next_timer: &mut model.next_timer,
    };
    f(&mut model.f, &mut cx)
}

/// Tell every feature; the ones that changed get their slices rebuilt.
fn hook(model: &mut Model, hook: &Hook, now: u64, out: &mut Out) {
    taken(model, hook, now, out);
}

/// As [`hook`]; whether any feature changed.
fn taken(model: &mut Model, hook: &Hook, now: u64, out: &mut Out) -> bool {
    let changed = run(model, now, out, |f, cx| f.hook(hook, cx));
    let mut any = !changed.is_empty();
    for part in changed {
        model.dirty.mark(part);
    }
    for &id in GroupId::ALL {
        match model.groups.code(id) {
            Some(code) => {
                for part in run(model, now, out, |f, cx| code.0.hook(f, hook, cx)) {
                    model.dirty.mark(part);
                    any = true;
                }
            }
            // Kept for the group; loaded now only where its code costs nothing (natively) or
            // the address is one of its pages (after a failure: only on entering it again).
            None => {
                model
                    .groups
                    .queue(id, Pending::Hook(OwnedHook::of(hook)), now);
                // Entered: not the same address seen again (a locales answer re-resolves it).
                let entered = match hook {
                    Hook::Booted(_) => true,
                    Hook::Navigated { from } => from.path != model.shared.location.path,
                    _ => false,
                };
                let failed = model.groups.state(id) == LoadState::Failed;
                let wanted = (entered || !failed) && groups::wanted_at(id, &model.shared);
                // A push the player is told about loads the group now (not again after a
                // failure: it waits, queued, for the retry or the group's page).
                let urgent = !failed && groups::hears_now(id, hook);
                if !model.groups.deferred || wanted || urgent {
                    let mut fx = Vec::new();
                    any |= load(model, id, now, &mut fx, out);
                    out.fx.append(&mut fx);
                }
            }
        }
    }
    any
}

/// Give a lazy group `item` now if its code is here; else queue it and load the group (unless
/// its load failed).
fn to_group(
    model: &mut Model,
    id: GroupId,
    item: Pending,
    now: u64,
    fx: &mut Vec<Effect>,
    out: &mut Out,
) {
    match model.groups.code(id) {
        Some(code) => {
            deliver(model, &code, item, now, out);
        }
        // After a failure the queue waits for the player's retry (or the page entered again):
        // every event of a page whose chunk cannot be fetched would refetch it otherwise.
        None => {
            let failed = model.groups.state(id) == LoadState::Failed;
            let wanted = match &item {
                Pending::Tick(_) => groups::tick_loads(id, &model.shared),
                _ => true,
            };
            model.groups.queue(id, item, now);
            if (wanted && !failed) || !model.groups.deferred {
                load(model, id, now, fx, out);
            }
        }
    }
}

/// Run the group's code on `item`; whether its model changed (events, answers and ticks
/// always count for their feature, as for an eager one).
fn deliver(model: &mut Model, code: &Code, item: Pending, now: u64, out: &mut Out) -> bool {
    let g = &code.0;
    let changed = match item {
        Pending::Ui(e) => {
            let part = e.part();
            run(model, now, out, |f, cx| g.ui(f, e, cx));
            vec![part]
        }
        // Read here, by the group's code, then delivered as a read intent; a malformed one is
        // logged and changes nothing.
        Pending::Unread { kind, event } => match g.read(&kind, &event) {
            Ok(e) => return deliver(model, code, Pending::Ui(e), now, out),
            Err(why) => {
                out.fx.push(Effect::Log {
                    level: LogLevel::Warn,
                    message: format!("event ignored: {why}"),
                });
                Vec::new()
            }
        },
        Pending::Answer(req, answer) => {
            let part = req.part();
            run(model, now, out, |f, cx| g.answered(f, req, answer, cx));
            vec![part]
        }
        Pending::Tick(t) => {
            let part = t.part();
            run(model, now, out, |f, cx| g.tick(f, t, cx));
            vec![part]
        }
        Pending::Hook(h) => run(model, now, out, |f, cx| g.hook(f, &h.as_hook(), cx)),
        Pending::Submit(form) => {
            model.dirty.forms();
            // The model's rules: the group's, with the registration scenario's merged in for
            // a sign-up form (the phone's), as for an eager form.
            let rules = model.form_rules(form);
            submit(model, form, &rules, now, out, |f, cx| g.submit(f, form, cx));
            vec![form.part()]
        }
    };
    for &part in &changed {
        model.dirty.mark(part);
    }
    !changed.is_empty()
}

/// Start loading group `id` unless it is loading or here (the view's retry and prefetch
/// come here too, through `Core.load`). Natively the code is here at once. Whether the
/// group's model changed (natively, by what was queued).
fn load(model: &mut Model, id: GroupId, now: u64, fx: &mut Vec<Effect>, out: &mut Out) -> bool {
    if !model.groups.start(id) {
        return false;
    }
    mark_group(model, id);
    if model.groups.deferred {
        fx.push(Effect::LoadGroup(id));
        return false;
    }
    load_at_once(model, id, now, out)
}

#[cfg(not(target_arch = "wasm32"))]
fn load_at_once(model: &mut Model, id: GroupId, now: u64, out: &mut Out) -> bool {
    loaded(model, id, Ok(Code(id.load_now().into())), now, out)
}

/// In the browser every load goes through the runtime (`Groups::deferred` is set there).
#[cfg(target_arch = "wasm32")]
fn load_at_once(_: &mut Model, _: GroupId, _: u64, _: &mut Out) -> bool {
    false
}

/// The runtime's answer to `Effect::LoadGroup`: deliver the queue in order, or keep it.
fn loaded(
    model: &mut Model,
    id: GroupId,
    code: Result<Code, LoadFailed>,
    now: u64,
    out: &mut Out,
) -> bool {
    mark_group(model, id);
    let mut changed = false;
    match code {
        Ok(code) => {
            // The group's forms get their rules (the view's messages) with its code.
            model.dirty.forms();
            // Each at the time `groups::Groups::ready` gives (a sign-in or a push at its own).
            for (at, item) in model.groups.ready(id, code.clone(), now) {
                changed |= deliver(model, &code, item, at, out);
            }
        }
        Err(LoadFailed) => model.groups.failed(id),
    }
    changed
}

/// The group's load state changed: the `groups` slice and its features' slices.
fn mark_group(model: &mut Model, id: GroupId) {
    for &part in id.parts() {
        model.dirty.mark(part);
    }
}

/// Send what features asked for and apply their messages, until nothing is left.
fn settle(model: &mut Model, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    // Bounded: a message loop between features would be a bug, never a hang.
    for _ in 0..32 {
        if std::mem::take(&mut out.forms_changed) {
            model.dirty.forms();
        }
        moves(model, now, out);
        fx.append(&mut out.fx);
        for (req, body) in std::mem::take(&mut out.calls) {
            if let calls::Sent::NeedsRefresh = model.calls.send(req, body, now, fx) {
                refresh::start(&mut model.calls, fx);
            }
        }
        let msgs = std::mem::take(&mut out.msgs);
        if msgs.is_empty() && model.moved_from.is_none() && out.fx.is_empty() && !out.forms_changed
        {
            return;
        }
        for msg in msgs {
            apply(model, msg, now, fx, out);
            // Features hear of a move before the next message (an alert after it stays).
            moves(model, now, out);
        }
    }
    fx.push(Effect::Log {
        level: LogLevel::Error,
        message: "update did not settle".into(),
    });
}

/// The address moved: tell the features now.
fn moves(model: &mut Model, now: u64, out: &mut Out) {
    if let Some(from) = model.moved_from.take() {
        hook(model, &Hook::Navigated { from: &from }, now, out);
    }
}

fn apply(model: &mut Model, msg: Msg, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    match msg {
        Msg::Alert(alert) => {
            model.dirty.mark(Part::Toasts);
            run(model, now, out, |f, cx| f.toasts.show(alert, cx));
        }
        Msg::OpenModal(id) => address::open_modal(model, &id, Vec::new(), fx),
        Msg::OpenModalWith(id, params) => address::open_modal(model, &id, params, fx),
        Msg::Signal(signal) => hook(model, &Hook::Signal(signal), now, out),
        Msg::ActiveCurrency(code) => {
            if model.shared.active_currency != code {
                model.shared.active_currency = code;
                hook(model, &Hook::ActiveAccount, now, out);
            }
        }
        Msg::Accounts(list) => {
            model.shared.accounts = list;
            hook(model, &Hook::Signal(Signal::Accounts), now, out);
        }
        Msg::DepositBonus(id) => model.shared.deposit_bonus = id,
        Msg::Equivalent(code) => model.shared.equivalent = code,
        Msg::DepositAmount(amount) => {
            if model.shared.deposit_amount != amount {
                model.shared.deposit_amount = amount;
                hook(model, &Hook::DepositAmount, now, out);
            }
        }
        Msg::CryptoSubUnits(on) => {
            if model.shared.crypto_sub_units != on {
                model.shared.crypto_sub_units = on;
                // A typed amount is rewritten in the new unit.
                hook(model, &Hook::Signal(Signal::CryptoUnits), now, out);
            }
        }
        Msg::CloseModal => address::close_modal(model, fx),
        Msg::GoHome { modal } => address::go_home(model, modal.as_deref(), fx),
        Msg::SignedIn {
            token,
            player_id,
            country,
        } => {
            model.calls.fresh_token(token.clone(), now);
            fx.push(Effect::StoreToken(token));
            fx.push(Effect::SignalPeers { logged_in: true });
            model.shared.country = country;
            started(model, player_id, now, out);
        }
        Msg::Restored { player_id, country } => {
            if model.shared.status != SessionStatus::Player {
                model.shared.country = country;
                started(model, player_id, now, out);
                address::sync_modal(model, fx);
            }
        }
        Msg::RestoreFailed => {
            if model.shared.status == SessionStatus::Booting {
                set_status(model, SessionStatus::Guest, None);
                hook(model, &Hook::Session(SessionChange::Guest), now, out);
                address::sync_modal(model, fx);
            }
        }
        Msg::SignOut => sign_out(model, now, fx, out),
        // The same table again (the locale's content says what the bundled texts say) changes
        // nothing: no `texts` slice, so the view does not redraw every text for nothing.
        Msg::Texts(texts) if *texts != *model.shared.texts => {
            model.shared.texts = texts;
            model.dirty.mark(Part::Content);
        }
        Msg::Texts(_) => {}
        Msg::Currencies(list) => {
            model.shared.currencies = list;
            model.dirty.mark(Part::Settings);
        }
        Msg::Locales(list) => {
            model.shared.locales = list;
            model.dirty.mark(Part::Settings);
            // A prefix unknown before may be a locale now; features see the address again.
            address::resolve(model, fx);
            model.moved_from = Some(model.shared.location.clone());
        }
        Msg::UpdateReady => model.shared.update_ready = true,
        Msg::Analytics(event) => hook(model, &Hook::Analytics(event), now, out),
        Msg::Affiliate(a) => model.shared.affiliate = a,
        Msg::Consent(c) => {
            if model.shared.consent != c {
                model.shared.consent = c;
                model.dirty.mark(Part::Privacy);
                hook(model, &Hook::Consent, now, out);
            }
        }
        Msg::Registration(r) => {
            model.shared.registration = r;
            model.dirty.forms();
        }
        Msg::VisitorCountry(country) => {
            model.shared.visitor_country = Some(country);
            hook(model, &Hook::Signal(Signal::VisitorCountry), now, out);
        }
        Msg::Catalogue(cat) => {
            model.shared.catalogue = Some(cat);
        }
        Msg::Navigate {
            url,
            replace: false,
        } => address::navigate(model, &url, now, fx),
        Msg::Navigate { url, replace: true } => {
            address::set_address(model, &url, fx);
            fx.push(Effect::PushUrl {
                url: model.shared.location.full_path(),
                replace: true,
            });
            address::sync_modal(model, fx);
        }
    }
}

fn set_status(model: &mut Model, status: SessionStatus, player_id: Option<i64>) {
    model.shared.status = status;
    model.shared.player_id = player_id;
    if player_id.is_none() {
        model.shared.country = None;
        model.shared.active_currency = None;
        model.shared.deposit_bonus = None;
        model.shared.deposit_amount = None;
    }
    model.dirty.mark(Part::Session);
}

fn started(model: &mut Model, player_id: i64, now: u64, out: &mut Out) {
    set_status(model, SessionStatus::Player, Some(player_id));
    hook(
        model,
        &Hook::Session(SessionChange::Started { player_id }),
        now,
        out,
    );
}

fn booted(
    model: &mut Model,
    token: Option<String>,
    path: &str,
    boot: &Boot,
    now: u64,
    fx: &mut Vec<Effect>,
    out: &mut Out,
) {
    model.last_reload = boot
        .stored
        .get(address::RELOAD_GUARD)
        .and_then(address::parse_reload_guard);
    model.shared.zone = std::rc::Rc::new(boot.zone.clone());
    // The wallet keeps the choice; the parent shares it (`Msg::CryptoSubUnits` later on).
    model.shared.crypto_sub_units = super::features::wallet::sub_units_kept(&boot.stored);
    for problem in &model.config.operator_paths.problems {
        fx.push(Effect::Log {
            level: LogLevel::Warn,
            message: format!("config.json: {problem}"),
        });
    }
    address::set_address(model, path, fx);
    model.moved_from = None;
    hook(model, &Hook::Booted(boot), now, out);
    match token.filter(|t| !t.is_empty()) {
        Some(t) => {
            model.calls.token = Some(t);
            set_status(model, SessionStatus::Booting, None);
            hook(model, &Hook::Session(SessionChange::Restoring), now, out);
        }
        None => {
            set_status(model, SessionStatus::Guest, None);
            hook(model, &Hook::Session(SessionChange::Guest), now, out);
        }
    }
    address::sync_modal(model, fx);
}

fn app_ui(model: &mut Model, ui: AppUi, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    match ui {
        // The runtime turns Start into Booted; seeing it here means a second start.
        AppUi::Start => fx.push(Effect::Log {
            level: LogLevel::Warn,
            message: "core already started".into(),
        }),
        AppUi::Navigate { path } => address::navigate(model, &path, now, fx),
        AppUi::OpenModal { id, params } => address::open_modal(model, &id, params, fx),
        AppUi::ModalOpened => {
            model.modals.opened();
            model.dirty.address();
        }
        AppUi::CloseModal => address::close_modal(model, fx),
        AppUi::SetLocale { code } => address::set_locale(model, &code, now, fx),
        AppUi::FormInput { form, field, value } => {
            model.dirty.forms();
            if let Some(state) = model.f.form(form) {
                state.input(field, value.into());
            }
            wake(model, form, now, fx, out);
        }
        AppUi::FormBlur { form, field } => {
            model.dirty.forms();
            if let Some(state) = model.f.form(form) {
                state.touch(field);
            }
            wake(model, form, now, fx, out);
        }
        AppUi::FormSubmit { form } => {
            model.dirty.forms();
            match form.part().group() {
                // Waits for the group's code (its rules and its send) behind what the group
                // was sent before; the input typed before it is already in the form.
                Some(id) => to_group(model, id, Pending::Submit(form), now, fx, out),
                None => {
                    let rules = model.form_rules(form);
                    submit(model, form, &rules, now, out, |f, cx| f.submit(form, cx));
                }
            }
        }
    }
}

/// The player types into a lazy group's form: its code is wanted (the messages need its
/// rules, the submit its send). Nothing is queued: the input is in the form already.
fn wake(model: &mut Model, form: FormId, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    let Some(id) = form.part().group() else {
        return;
    };
    let failed = model.groups.state(id) == LoadState::Failed;
    if model.groups.code(id).is_none() && (!failed || !model.groups.deferred) {
        load(model, id, now, fx, out);
    }
}

/// The parent's half of a submit, the same for every form: every message shows after a
/// submit attempt, an invalid form sends nothing, the submitting flag is form state; `send`
/// is the feature's (its answer clears the flag).
fn submit(
    model: &mut Model,
    form: FormId,
    rules: &[(String, Vec<Rule>)],
    now: u64,
    out: &mut Out,
    send: impl FnOnce(&mut Features, &mut Cx),
) {
    let Some(state) = model.f.form(form) else {
        return;
    };
    if state.submitting {
        return;
    }
    for (field, _) in rules {
        state.touch(field.clone());
    }
    if forms::has_errors(rules, state) {
        return;
    }
    state.submitting = true;
    state.error = None;
    run(model, now, out, send);
}

fn http_done(
    model: &mut Model,
    id: super::effect::CallId,
    outcome: HttpOutcome,
    now: u64,
    fx: &mut Vec<Effect>,
    out: &mut Out,
) {
    if id == refresh::REFRESH_CALL {
        let result = calls::read(calls::classify(outcome));
        let outcome = refresh::finished(&mut model.calls, result, now, fx);
        refreshed(model, outcome, now, fx, out);
        return;
    }
    let Some(req) = model.calls.take(id) else {
        // Superseded by a newer equal call, or its session ended: the answer is stale.
        fx.push(Effect::Log {
            level: LogLevel::Info,
            message: format!("call {} answered after it was superseded; dropped", id.0),
        });
        return;
    };
    let answer = calls::classify(outcome);
    // SPEC §6: a 401 or 403 on an authenticated call ends the session.
    if let Err(ResponseError::Status {
        status: 401 | 403, ..
    }) = &answer
    {
        if req.endpoint().auth == Auth::Player {
            session_lost(model, now, fx, out);
            return;
        }
    }
    // Content's answers reach the view only through `Msg::Texts`, which marks it when the
    // table changed: the same texts again redraw nothing.
    if req.part() != Part::Content {
        model.dirty.mark(req.part());
    }
    match req.part().group() {
        Some(g) => to_group(model, g, Pending::Answer(req, answer), now, fx, out),
        None => run(model, now, out, |f, cx| f.answered(req, answer, cx)),
    }
    refetch_answered(model, now, fx, out);
}

fn refreshed(
    model: &mut Model,
    outcome: refresh::Outcome,
    now: u64,
    fx: &mut Vec<Effect>,
    out: &mut Out,
) {
    match outcome {
        refresh::Outcome::Pending | refresh::Outcome::Renewed => {}
        refresh::Outcome::EndedElsewhere => peer_session(model, false, now, fx, out),
        refresh::Outcome::Lost => session_lost(model, now, fx, out),
        refresh::Outcome::NoAnswer => {
            apply(
                model,
                Msg::Alert(Alert::error("alerts.network")),
                now,
                fx,
                out,
            );
            apply(model, Msg::RestoreFailed, now, fx, out);
        }
    }
}

fn hear(model: &mut Model, news: Vec<News>, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    for n in news {
        match n {
            News::Push(p) => {
                // Only a push some feature took can be undone by an older answer.
                let took = taken(model, &Hook::Push(&p), now, out);
                if let Some(window) = model.refetch.as_mut() {
                    window.pushed |= took;
                }
            }
            News::Refetch => refetch(model, 1, now, fx, out),
            News::NeedToken => refresh::start(&mut model.calls, fx),
        }
    }
}

/// Every feature reloads what pushes would have told; the calls it sent are watched until
/// they answer (`refetch_answered`).
fn refetch(model: &mut Model, round: u8, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    let before = model.calls.in_flight_ids();
    hook(model, &Hook::Refetch, now, out);
    settle(model, now, fx, out);
    let calls: Vec<_> = model
        .calls
        .in_flight_ids()
        .into_iter()
        .filter(|id| !before.contains(id))
        .collect();
    model.refetch = (!calls.is_empty()).then_some(live::RefetchWindow {
        calls,
        pushed: false,
        round,
    });
}

/// A call answered: once the refetch's calls all have, a push that arrived meanwhile may be
/// newer than their answers, so everything is refetched once more.
fn refetch_answered(model: &mut Model, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    let Some(window) = &model.refetch else {
        return;
    };
    if model.calls.any_in_flight(&window.calls) {
        return;
    }
    let (again, round) = (window.pushed, window.round);
    model.refetch = None;
    if !again || model.shared.status != SessionStatus::Player {
        return;
    }
    if round >= live::REFETCH_ROUNDS {
        fx.push(Effect::Log {
            level: LogLevel::Info,
            message: format!("realtime: pushes kept arriving; no refetch after {round} rounds"),
        });
        return;
    }
    fx.push(Effect::Log {
        level: LogLevel::Info,
        message: "realtime: a push arrived during the refetch; refetching again".into(),
    });
    refetch(model, round + 1, now, fx, out);
}

/// The session is over here: token, gate, every feature's player state.
fn end_session(model: &mut Model, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    model.calls.clear_session();
    model.refetch = None;
    fx.push(Effect::ClearToken);
    set_status(model, SessionStatus::Guest, None);
    hook(model, &Hook::Session(SessionChange::Ended), now, out);
}

fn sign_out(model: &mut Model, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    if model.shared.status != SessionStatus::Player {
        return;
    }
    // Best effort: the local session ends whatever the server says.
    model
        .calls
        .send(Req::Session(session::Call::Logout), None, now, fx);
    end_session(model, now, fx, out);
    leave(model, None, "alerts.signedOut", now, fx, out);
}

/// The session ended here: tell the other tabs, go home (with `modal` open) and say why. The
/// features hear of the move before the alert, so the route change does not hide it.
fn leave(
    model: &mut Model,
    modal: Option<&str>,
    alert: &str,
    now: u64,
    fx: &mut Vec<Effect>,
    out: &mut Out,
) {
    fx.push(Effect::SignalPeers { logged_in: false });
    address::go_home(model, modal, fx);
    moves(model, now, out);
    apply(model, Msg::Alert(Alert::info(alert)), now, fx, out);
}

/// 401/403 or a failed refresh: the session is gone; home with sign-in open (SPEC §6).
fn session_lost(model: &mut Model, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    let had_session = model.calls.token.is_some();
    end_session(model, now, fx, out);
    // In the messenger the mini-app feature signs in again silently (SPEC §6).
    if had_session && !model.config.is_miniapp() {
        leave(
            model,
            Some("sign-in"),
            "alerts.sessionExpired",
            now,
            fx,
            out,
        );
    }
}

/// Another tab signed in or out (SPEC §4 "Across tabs").
fn peer_session(model: &mut Model, logged_in: bool, now: u64, fx: &mut Vec<Effect>, out: &mut Out) {
    if logged_in && model.shared.status != SessionStatus::Player {
        fx.push(Effect::Reload);
    } else if !logged_in && model.calls.token.is_some() {
        end_session(model, now, fx, out);
        address::go_home(model, None, fx);
    }
}
