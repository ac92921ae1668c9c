//! The parent's side of the lazily loaded groups: a slot per group (idle, loading, ready,
//! failed) and a FIFO of what was addressed to the group while its code was not here. The
//! queue is drained in order when the code arrives and kept when the load fails (a retry
//! drains it). update.rs decides when to load and delivers; this file only keeps the state.

use std::collections::VecDeque;
use std::rc::Rc;

use super::calls::Answer;
use super::feature::{Group, OwnedHook};
use super::registry::{FeatureUi, FormId, GroupId, Req, Tick};

/// A group's code, as its loader gave it. Every copy of one group's code is the same code,
/// so two are always equal (the model's `PartialEq` compares state, not code).
#[derive(Clone)]
pub struct Code(pub Rc<dyn Group>);

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code")
    }
}

impl PartialEq for Code {
    fn eq(&self, _: &Code) -> bool {
        true
    }
}

/// Where a group's code is (the view's `groups.sport`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum LoadState {
    /// Not asked for yet.
    #[default]
    Idle,
    Loading,
    Ready,
    /// The chunk did not load: the view offers a retry (`Core.load`).
    Failed,
}

/// Something for a group whose code is not here yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Ui(FeatureUi),
    /// An intent as the view wrote it (`{type: kind, …}`), read by the group's code.
    Unread {
        kind: String,
        event: crate::json::Json,
    },
    Answer(Req, Answer),
    Tick(Tick),
    Hook(OwnedHook),
    /// A submit of one of the group's forms. Its input is not queued: the parent applies it
    /// to the form's state at once (the view shows it), so the submit, delivered in its turn,
    /// sends what was typed before it.
    Submit(FormId),
}

/// A queue longer than this drops its oldest item: only hooks pile up while a group is idle
/// (a group nobody opens hears every push), and the oldest matter least when it loads.
pub const QUEUE_LIMIT: usize = 256;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Slot {
    pub state: LoadState,
    code: Option<Code>,
    /// Each item with the core's time when it arrived: it is delivered with that time, so a
    /// sign-in or a bet heard while the chunk loaded counts at its moment, not at the load's.
    queue: VecDeque<(u64, Pending)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Groups {
    /// A group's slot exists once something was addressed to it (none: idle, nothing queued).
    slots: litemap::LiteMap<GroupId, Slot>,
    /// Loads go through the runtime (`Effect::LoadGroup`, answered by `Event::GroupLoaded`):
    /// true in the browser. Natively the loader returns the code at once, so a group loads
    /// the first time anything is addressed to it; tests set this to play the runtime.
    pub deferred: bool,
}

impl Default for Groups {
    fn default() -> Self {
        Groups {
            slots: litemap::LiteMap::new(),
            deferred: cfg!(target_arch = "wasm32"),
        }
    }
}

impl Groups {
    fn slot_mut(&mut self, id: GroupId) -> &mut Slot {
        self.slots.entry(id).or_default()
    }

    pub fn state(&self, id: GroupId) -> LoadState {
        self.slots.get(&id).map_or(LoadState::Idle, |s| s.state)
    }

    /// The group's code once it is here.
    pub fn code(&self, id: GroupId) -> Option<Code> {
        self.slots.get(&id).and_then(|s| s.code.clone())
    }

    pub fn queued(&self, id: GroupId) -> usize {
        self.slots.get(&id).map_or(0, |s| s.queue.len())
    }

    /// Keep `item` for when the code arrives. A hook heard again replaces the earlier one,
    /// which moves to the back: the group hears hooks against the state at load time, so only
    /// their last order matters (signed in, out, in again), and an address change is one
    /// whatever its `from` was. Not a push: each is a message the group hears at its moment
    /// (a second copy of a bet is the group's to recognise, as when its code is here).
    /// A submit pressed again is one submit, likewise moved to the back.
    /// `at` is the core's time now. When the queue is full the oldest item goes, but never
    /// the boot (what storage held: a group without it would not know the device's choices).
    pub fn queue(&mut self, id: GroupId, item: Pending, at: u64) {
        let queue = &mut self.slot_mut(id).queue;
        match &item {
            Pending::Hook(new) => queue.retain(|(_, old)| match (old, new) {
                (Pending::Hook(OwnedHook::Navigated { .. }), OwnedHook::Navigated { .. }) => false,
                (Pending::Hook(old), new) => matches!(new, OwnedHook::Push(_)) || old != new,
                _ => true,
            }),
            Pending::Submit(form) => {
                queue.retain(|(_, old)| !matches!(old, Pending::Submit(f) if f == form))
            }
            _ => {}
        }
        if queue.len() >= QUEUE_LIMIT {
            let booted = |(_, p): &(u64, Pending)| matches!(p, Pending::Hook(OwnedHook::Booted(_)));
            let oldest = queue.iter().position(|i| !booted(i)).unwrap_or(0);
            queue.remove(oldest);
        }
        queue.push_back((at, item));
    }

    /// Mark the group loading; false when it is loading or here already.
    pub fn start(&mut self, id: GroupId) -> bool {
        let slot = self.slot_mut(id);
        if matches!(slot.state, LoadState::Idle | LoadState::Failed) {
            slot.state = LoadState::Loading;
            true
        } else {
            false
        }
    }

    /// The code arrived (at `now`): what waited for it, in arrival order, each with the time
    /// the group hears it at (a late second answer for a group already here gives nothing).
    /// What happened at a moment keeps its moment: a sign-in or out, and a push (a bet counts
    /// when it was played; the play session starts at the sign-in). The rest is heard now, so
    /// the group's last look (its timers, the session bar's minutes) is at the present: the
    /// boot, an address, a signal, an intent, an answer, a tick.
    pub fn ready(&mut self, id: GroupId, code: Code, now: u64) -> Vec<(u64, Pending)> {
        let slot = self.slot_mut(id);
        if slot.code.is_some() {
            return Vec::new();
        }
        slot.state = LoadState::Ready;
        slot.code = Some(code);
        let timed =
            |p: &Pending| matches!(p, Pending::Hook(OwnedHook::Session(_) | OwnedHook::Push(_)));
        slot.queue
            .drain(..)
            .map(|(at, p)| (if timed(&p) { at.min(now) } else { now }, p))
            .collect()
    }

    /// The load failed: the queue stays for the retry.
    pub fn failed(&mut self, id: GroupId) {
        let slot = self.slot_mut(id);
        if slot.code.is_none() {
            slot.state = LoadState::Failed;
        }
    }
}

/// Whether the address is one of the group's pages: there the group loads at once, even
/// from a hook (elsewhere a hook only waits in the queue).
pub fn wanted_at(id: GroupId, shared: &super::feature::Shared) -> bool {
    use crate::domain::route::RouteName;
    let page = shared.route.as_ref().ok().and_then(|r| r.route_name());
    let modal = shared
        .location
        .query_value(crate::domain::modal::MODAL_PARAM)
        .unwrap_or_default();
    match id {
        GroupId::sport => page == Some(RouteName::SportSlug),
        // The content pages and `/redirect` (whose address the pages code follows), for a
        // guest too. The home's footer only links to them.
        GroupId::pages => page.is_some_and(|p| super::features::pages::ROUTES.contains(&p)),
        // The phone's and the social providers' ways in: the sign-in and sign-up modals (whose
        // provider buttons start a round trip; the list is the eager session slice's), the
        // phone's modals, and the social callback and auto-login pages, for a guest too; a
        // player's profile details (the linked accounts). The home loads none of it.
        GroupId::identity => {
            matches!(
                page,
                Some(RouteName::AuthSocialConnectionCallback | RouteName::AuthAutologin)
            ) || matches!(
                modal,
                "sign-in" | "sign-up" | "get-code" | "phone" | "code-verify"
            ) || (shared.is_player() && page == Some(RouteName::ProfileInfo))
        }
        // The bonuses pages, the wallet history's bonuses tab, and the modals that show the
        // group's state: the deposit's bonus choice in the wallet and the bonus and quest
        // modals. `/bonus/{page}` is a content page (the pages feature): not here.
        GroupId::bonuses => {
            let tab = shared.location.query_value("tab") == Some("bonuses");
            matches!(page, Some(RouteName::Bonuses | RouteName::ProfileBonuses))
                || (page == Some(RouteName::WalletHistory) && tab)
                || modal == "wallet"
                || modal.contains("bonus")
                || modal.starts_with("quest")
        }
        // The limits page and its modals (add, edit, confirm update, confirm delete) and
        // game-limit-reached (opened by a refused game launch or sport bet: it lists the limits
        // that block play).
        GroupId::limits => {
            page == Some(RouteName::ProfileLimits)
                || matches!(
                    modal,
                    "add-limit"
                        | "edit-limit"
                        | "confirm-limit-update"
                        | "confirm-delete-limit"
                        | "game-limit-reached"
                )
        }
        // A signed-in player's game page and sportsbook (the bar, the reality check, the
        // session-length ask before a launch or a stake) and the limits page (the player's
        // choices). Elsewhere the daily reminder waits for the prefetch of every idle group a
        // player's page does a few seconds after it loads (bridge.ts); a guest never loads it.
        GroupId::protection => {
            shared.is_player()
                && matches!(
                    page,
                    Some(RouteName::GameId | RouteName::SportSlug | RouteName::ProfileLimits)
                )
        }
        // The mail link's page confirms the address, signed in or not. The rest is a signed-in
        // player's: the profile hub (its change-password and nickname modals) and its pages
        // (details, personal data with the documents, sessions, the settings), and the
        // account's modals from any page. A guest's `/profile` shows a sign-in button: no
        // chunk until the session starts there. `/profile/limits` and `/profile/bonuses` are
        // their own groups' pages and use none of this code.
        GroupId::account => {
            page == Some(RouteName::VerifyConfirmCode)
                || (shared.is_player()
                    && (matches!(
                        page,
                        Some(
                            RouteName::Profile
                                | RouteName::ProfileInfo
                                | RouteName::ProfilePersonal
                                | RouteName::ProfileSessions
                                | RouteName::ProfileSettings
                                | RouteName::ProfileSettingsAccount
                                | RouteName::ProfileSettingsNotifications
                        )
                    ) || matches!(
                        modal,
                        "change-pass"
                            | "change-nickname"
                            | "confirm-session-logout"
                            | "email"
                            | "confirm-email"
                            | "confirm"
                            | "avatars"
                    )))
        }
        // A signed-in player's wallet modal (deposit or withdrawal, the mini-app's too) and
        // the modals that follow an invoice, on any page, and the history page's transactions
        // tab. Not for a guest (a guest's wallet modal is the sign-in) nor while a stored
        // session is restored (the boot cannot tell a guest yet: a returning player's page
        // loads it at the session's start, as protection's). `/wallet` itself shows the
        // accounts (the wallet feature's) and two buttons that open the modal: it waits for
        // the prefetch.
        GroupId::payments => {
            let transactions = page == Some(RouteName::WalletHistory)
                && !matches!(
                    shared.location.query_value("tab"),
                    Some("bets" | "spins" | "bonuses")
                );
            shared.is_player()
                && (transactions
                    || matches!(
                        modal,
                        "wallet"
                            | "tg-wallet"
                            | "wallet-telegram-app"
                            | "deposit-status"
                            | "deposit-success"
                            | "deposit-error"
                            | "cancel-deposit"
                    ))
        }
    }
}

/// Whether a tick for the group, whose code is not here yet, loads it. The group's own timers
/// need its code, so such a tick comes from the runtime: protection's storage event (another
/// tab wrote the play session or the reminder's days), which a guest's tab and a player's page
/// away from the group hear too; there it waits in the queue (for a player, until the
/// prefetch), so the other tab's writes are not lost and a guest does not fetch the chunk.
pub fn tick_loads(id: GroupId, shared: &super::feature::Shared) -> bool {
    match id {
        GroupId::protection => wanted_at(id, shared),
        // The account's features have no timers or runtime answers of their own (a document's
        // upload answers as a call).
        // Neither phone nor social has a timer (a resend's countdown is read from the clock).
        GroupId::sport
        | GroupId::pages
        | GroupId::identity
        | GroupId::bonuses
        | GroupId::limits
        | GroupId::account
        | GroupId::payments => true,
    }
}

/// Whether the group must hear `hook` now rather than when it is next wanted: a push the
/// player is told about at once (SPEC §4: a bonus, free spins or bonus code changed, a quest
/// or the loyalty level moved). A signed-in player prefetches every group a few seconds after
/// the load; a push before that (or after the player signed in on a page without the group)
/// loads it.
pub fn hears_now(id: GroupId, hook: &super::feature::Hook) -> bool {
    use super::feature::Hook;
    use crate::domain::realtime::push::Push;
    match id {
        // Nothing the account's features hear is shown away from their pages: a session's
        // start or end, an address, `Signal::ProfileChanged` (the profile page reloads the
        // profile it shows, which needs the page) and the refetch wait for the group's page
        // or the prefetch. No push is theirs (the bell is the eager notifications').
        // The pages hear only the boot and the address: their page loads them. Phone and
        // social hear the boot (a social round trip's stored state), the session's start and
        // end (a phone code cannot serve the other) and the address (a callback page): in
        // order, when their modal or page loads them.
        GroupId::sport | GroupId::account | GroupId::pages | GroupId::identity => false,
        // A launch waits for the session-length answer (`LaunchAllowed`): a game page loads
        // the group anyway; this covers a launch asked from anywhere else.
        GroupId::protection => matches!(hook, Hook::Signal(super::feature::Signal::LaunchWanted)),
        // A deposit, game launch or bet refused by a limit: the limits are reloaded for what
        // the player is shown next (the game-limit-reached modal lists them).
        GroupId::limits => matches!(hook, Hook::Signal(super::feature::Signal::LimitReached)),
        GroupId::bonuses => matches!(
            hook,
            Hook::Push(
                Push::Bonus(_)
                    | Push::Freespin(_)
                    | Push::BonusCode(_)
                    | Push::Quest { .. }
                    | Push::Loyalty(_)
            )
        ),
        // An invoice settled or moved: its alert (and the deposit-success or -error modal)
        // is shown at once, wherever the player is. A QR deposit left pending before a reload
        // (`asyncInvoiceId`) is looked up at the session's start, with its alert.
        GroupId::payments => match hook {
            Hook::Push(Push::Invoice { .. }) => true,
            Hook::Booted(boot) => super::features::payments::async_invoice(&boot.stored).is_some(),
            _ => false,
        },
    }
}
