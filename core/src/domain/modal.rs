//! Modals of SPEC §2: identifiers, access, the address query that carries them, and the
//! [`ModalHost`] state machine.
//!
//! # Address
//!
//! A modal lives in the query: `?modal={identifier}` plus modal-specific extra parameters
//! ([`ModalId::extra_params`]), e.g. `?modal=wallet&wallet=deposit`. Opening a modal removes every
//! other modal parameter (`modal` and all extra parameters of every modal), so after any
//! sequence of operations the query holds at most one `modal` parameter.
//!
//! # Decisions
//!
//! - `tg-news` is also accepted as `telegram-news`; `wallet-telegram-app` is written in the
//!   address as `tg-wallet` (both spellings are read).
//! - Wallet extra parameter `wallet`: `deposit` or `withdraw`; any other value is `None` (and is
//!   dropped from the address).
//! - Access: [`Access::Guest`] modals are refused to logged-in users, [`Access::LoggedIn`] ones
//!   to guests; state requirements (`authorization`, `profileConfirmed`) must be present in
//!   [`ModalContext::states`]. The third flag group is exposed as
//!   [`ModalId::in_flagged_group`] only: its meaning is not in the spec.
//! - In the messenger mini-app, `wallet` opens `wallet-telegram-app` (extra params kept).
//! - Opening the same modal while it is *opening* is blocked; opening it again once opened is
//!   allowed (it refreshes its params).
//! - A refused or blocked open leaves the query untouched.

use serde::{Deserialize, Serialize};

/// The query parameter naming the open modal.
pub const MODAL_PARAM: &str = "modal";
/// The wallet modal's extra parameter.
pub const WALLET_TAB_PARAM: &str = "wallet";

/// Every modal identifier of SPEC §2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModalId {
    AddLimit,
    AffiliateProgram,
    Avatars,
    BonusCancelLock,
    BonusCondition,
    BonusDetails,
    CancelDeposit,
    Categories,
    ChangeNickname,
    ChangePass,
    CodeVerify,
    ConfirmBonus,
    ConfirmBonusUnsettled,
    ConfirmDeleteLimit,
    ConfirmEmail,
    ConfirmLimitUpdate,
    ConfirmSessionLogout,
    Confirm,
    CookieRequest,
    DemoGame,
    DemoUnavailable,
    DepositError,
    DepositStatus,
    DepositSuccess,
    EditLimit,
    Email,
    Fiat,
    ForgotPass,
    GameLimitReached,
    GamesFilter,
    GeoPopup,
    GetCode,
    GlobalSearch,
    MobileGame,
    PackageBonus,
    Phone,
    QuestRewards,
    QuestTaskGames,
    QuestTasks,
    QuestsHub,
    ReferralTransfer,
    ResetEmailSend,
    ResetPass,
    SignIn,
    SignUp,
    #[serde(alias = "telegram-news")]
    TgNews,
    WalletBonusInfo,
    #[serde(alias = "tg-wallet")]
    WalletTelegramApp,
    Wallet,
}

/// Who may open a modal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Access {
    Anyone,
    Guest,
    LoggedIn,
}

/// App states a modal may require (SPEC §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModalState {
    #[serde(rename = "authorization")]
    Authorization,
    #[serde(rename = "profileConfirmed")]
    ProfileConfirmed,
}

/// The wallet modal's tab (`?wallet=`, as in `?modal=wallet&wallet=deposit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WalletAction {
    Deposit,
    Withdraw,
}

impl WalletAction {
    /// `deposit` / `withdraw`; anything else is `None`.
    pub fn parse(s: &str) -> Option<WalletAction> {
        match s {
            "deposit" => Some(WalletAction::Deposit),
            "withdraw" => Some(WalletAction::Withdraw),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            WalletAction::Deposit => "deposit",
            WalletAction::Withdraw => "withdraw",
        }
    }
}

impl ModalId {
    pub const ALL: [ModalId; 49] = [
        ModalId::AddLimit,
        ModalId::AffiliateProgram,
        ModalId::Avatars,
        ModalId::BonusCancelLock,
        ModalId::BonusCondition,
        ModalId::BonusDetails,
        ModalId::CancelDeposit,
        ModalId::Categories,
        ModalId::ChangeNickname,
        ModalId::ChangePass,
        ModalId::CodeVerify,
        ModalId::ConfirmBonus,
        ModalId::ConfirmBonusUnsettled,
        ModalId::ConfirmDeleteLimit,
        ModalId::ConfirmEmail,
        ModalId::ConfirmLimitUpdate,
        ModalId::ConfirmSessionLogout,
        ModalId::Confirm,
        ModalId::CookieRequest,
        ModalId::DemoGame,
        ModalId::DemoUnavailable,
        ModalId::DepositError,
        ModalId::DepositStatus,
        ModalId::DepositSuccess,
        ModalId::EditLimit,
        ModalId::Email,
        ModalId::Fiat,
        ModalId::ForgotPass,
        ModalId::GameLimitReached,
        ModalId::GamesFilter,
        ModalId::GeoPopup,
        ModalId::GetCode,
        ModalId::GlobalSearch,
        ModalId::MobileGame,
        ModalId::PackageBonus,
        ModalId::Phone,
        ModalId::QuestRewards,
        ModalId::QuestTaskGames,
        ModalId::QuestTasks,
        ModalId::QuestsHub,
        ModalId::ReferralTransfer,
        ModalId::ResetEmailSend,
        ModalId::ResetPass,
        ModalId::SignIn,
        ModalId::SignUp,
        ModalId::TgNews,
        ModalId::WalletBonusInfo,
        ModalId::WalletTelegramApp,
        ModalId::Wallet,
    ];

    /// The identifier (kebab-case, as in SPEC §2).
    pub fn as_str(self) -> &'static str {
        match self {
            ModalId::AddLimit => "add-limit",
            ModalId::AffiliateProgram => "affiliate-program",
            ModalId::Avatars => "avatars",
            ModalId::BonusCancelLock => "bonus-cancel-lock",
            ModalId::BonusCondition => "bonus-condition",
            ModalId::BonusDetails => "bonus-details",
            ModalId::CancelDeposit => "cancel-deposit",
            ModalId::Categories => "categories",
            ModalId::ChangeNickname => "change-nickname",
            ModalId::ChangePass => "change-pass",
            ModalId::CodeVerify => "code-verify",
            ModalId::ConfirmBonus => "confirm-bonus",
            ModalId::ConfirmBonusUnsettled => "confirm-bonus-unsettled",
            ModalId::ConfirmDeleteLimit => "confirm-delete-limit",
            ModalId::ConfirmEmail => "confirm-email",
            ModalId::ConfirmLimitUpdate => "confirm-limit-update",
            ModalId::ConfirmSessionLogout => "confirm-session-logout",
            ModalId::Confirm => "confirm",
            ModalId::CookieRequest => "cookie-request",
            ModalId::DemoGame => "demo-game",
            ModalId::DemoUnavailable => "demo-unavailable",
            ModalId::DepositError => "deposit-error",
            ModalId::DepositStatus => "deposit-status",
            ModalId::DepositSuccess => "deposit-success",
            ModalId::EditLimit => "edit-limit",
            ModalId::Email => "email",
            ModalId::Fiat => "fiat",
            ModalId::ForgotPass => "forgot-pass",
            ModalId::GameLimitReached => "game-limit-reached",
            ModalId::GamesFilter => "games-filter",
            ModalId::GeoPopup => "geo-popup",
            ModalId::GetCode => "get-code",
            ModalId::GlobalSearch => "global-search",
            ModalId::MobileGame => "mobile-game",
            ModalId::PackageBonus => "package-bonus",
            ModalId::Phone => "phone",
            ModalId::QuestRewards => "quest-rewards",
            ModalId::QuestTaskGames => "quest-task-games",
            ModalId::QuestTasks => "quest-tasks",
            ModalId::QuestsHub => "quests-hub",
            ModalId::ReferralTransfer => "referral-transfer",
            ModalId::ResetEmailSend => "reset-email-send",
            ModalId::ResetPass => "reset-pass",
            ModalId::SignIn => "sign-in",
            ModalId::SignUp => "sign-up",
            ModalId::TgNews => "tg-news",
            ModalId::WalletBonusInfo => "wallet-bonus-info",
            ModalId::WalletTelegramApp => "wallet-telegram-app",
            ModalId::Wallet => "wallet",
        }
    }

    /// The value written in `?modal=` (`tg-wallet` for the Telegram wallet).
    pub fn query_value(self) -> &'static str {
        match self {
            ModalId::WalletTelegramApp => "tg-wallet",
            other => other.as_str(),
        }
    }

    /// Parses an identifier or alias (`telegram-news`, `tg-wallet`). Exact, case-sensitive.
    pub fn parse(s: &str) -> Option<ModalId> {
        match s {
            "telegram-news" => Some(ModalId::TgNews),
            "tg-wallet" => Some(ModalId::WalletTelegramApp),
            _ => {
                for m in ModalId::ALL {
                    if m.as_str() == s {
                        return Some(m);
                    }
                }
                None
            }
        }
    }

    /// Who may open it.
    pub fn access(self) -> Access {
        match self {
            ModalId::SignIn
            | ModalId::SignUp
            | ModalId::ResetPass
            | ModalId::ForgotPass
            | ModalId::ResetEmailSend => Access::Guest,
            ModalId::ChangePass
            | ModalId::ChangeNickname
            | ModalId::Phone
            | ModalId::Email
            | ModalId::DepositError
            | ModalId::DepositSuccess
            | ModalId::ReferralTransfer
            | ModalId::Fiat
            | ModalId::Confirm
            | ModalId::ConfirmEmail
            | ModalId::Wallet
            | ModalId::WalletTelegramApp
            | ModalId::ConfirmSessionLogout
            | ModalId::Avatars => Access::LoggedIn,
            _ => Access::Anyone,
        }
    }

    /// Member of the spec's third flag group (sign-in, sign-up, wallet, telegram wallet,
    /// telegram news). Its meaning is not shown in the spec; exposed as data only.
    pub fn in_flagged_group(self) -> bool {
        matches!(
            self,
            ModalId::SignIn
                | ModalId::SignUp
                | ModalId::Wallet
                | ModalId::WalletTelegramApp
                | ModalId::TgNews
        )
    }

    /// App state the modal requires, if any.
    pub fn required_state(self) -> Option<ModalState> {
        match self {
            ModalId::ConfirmEmail
            | ModalId::ResetEmailSend
            | ModalId::ForgotPass
            | ModalId::ResetPass => Some(ModalState::Authorization),
            ModalId::Confirm => Some(ModalState::ProfileConfirmed),
            _ => None,
        }
    }

    /// Extra query parameters this modal carries besides `modal`.
    pub fn extra_params(self) -> &'static [&'static str] {
        match self {
            ModalId::Wallet | ModalId::WalletTelegramApp => &[WALLET_TAB_PARAM],
            ModalId::BonusDetails
            | ModalId::BonusCondition
            | ModalId::BonusCancelLock
            | ModalId::ConfirmBonus
            | ModalId::ConfirmBonusUnsettled
            | ModalId::WalletBonusInfo
            | ModalId::PackageBonus => &["bonusId"],
            ModalId::DemoGame | ModalId::DemoUnavailable | ModalId::MobileGame => &["gameId"],
            ModalId::QuestRewards | ModalId::QuestTaskGames | ModalId::QuestTasks => &["questId"],
            ModalId::DepositStatus | ModalId::CancelDeposit => &["invoiceId"],
            ModalId::EditLimit | ModalId::ConfirmDeleteLimit | ModalId::ConfirmLimitUpdate => {
                &["limitId"]
            }
            _ => &[],
        }
    }

    /// Whether `value` is acceptable for extra parameter `key`.
    fn accepts(self, key: &str, value: &str) -> bool {
        if !self.extra_params().contains(&key) || value.is_empty() || value.len() > 128 {
            return false;
        }
        if key == WALLET_TAB_PARAM {
            return WalletAction::parse(value).is_some();
        }
        value.chars().all(|c| !c.is_control())
    }
}

/// Whether opening a modal writes the address: not on the sportsbook page, whose modal links
/// leave the address alone (SPEC §2). `route_name` is a full route name (`locale-sport-slug`).
pub fn modal_changes_address(route_name: &str) -> bool {
    let base = route_name
        .strip_prefix(crate::domain::route::LOCALE_PREFIX)
        .unwrap_or(route_name);
    base != "sport-slug" && base != crate::domain::route::SPORT_BETTING_ALIAS
}

/// Every query parameter name that belongs to some modal (`modal` and all extras).
pub fn all_modal_params() -> Vec<&'static str> {
    let mut v = vec![MODAL_PARAM];
    for m in ModalId::ALL {
        for p in m.extra_params() {
            if !v.contains(p) {
                v.push(p);
            }
        }
    }
    v
}

fn is_modal_param(key: &str) -> bool {
    key == MODAL_PARAM || ModalId::ALL.iter().any(|m| m.extra_params().contains(&key))
}

/// What the host knows about the user when opening a modal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModalContext {
    pub logged_in: bool,
    /// Running as the messenger mini-app.
    pub telegram: bool,
    /// App states currently held (`authorization`, `profileConfirmed`).
    pub states: Vec<ModalState>,
}

/// A request to open a modal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenRequest {
    pub id: ModalId,
    /// Extra params (only those of [`ModalId::extra_params`] with acceptable values are kept).
    pub params: Vec<(String, String)>,
}

impl OpenRequest {
    pub fn new(id: ModalId) -> OpenRequest {
        OpenRequest {
            id,
            params: Vec::new(),
        }
    }

    pub fn with(mut self, key: &str, value: &str) -> OpenRequest {
        self.params.push((key.to_string(), value.to_string()));
        self
    }

    /// The wallet modal on a tab.
    pub fn wallet(action: Option<WalletAction>) -> OpenRequest {
        let r = OpenRequest::new(ModalId::Wallet);
        match action {
            Some(a) => r.with(WALLET_TAB_PARAM, a.as_str()),
            None => r,
        }
    }
}

/// Why an open was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Refusal {
    /// Guest-only modal for a logged-in user.
    GuestOnly,
    /// Logged-in-only modal for a guest.
    LoginRequired,
    /// A required state is missing.
    MissingState(ModalState),
}

impl Refusal {
    /// For logs (release builds carry no Debug text).
    pub fn as_str(&self) -> &'static str {
        match self {
            Refusal::GuestOnly => "guest only",
            Refusal::LoginRequired => "login required",
            Refusal::MissingState(ModalState::Authorization) => "needs authorization",
            Refusal::MissingState(ModalState::ProfileConfirmed) => "needs a confirmed profile",
        }
    }
}

/// The outcome of [`ModalHost::open`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Decision {
    /// Open `id` (possibly substituted, e.g. the Telegram wallet); write `query` to the address.
    Open {
        id: ModalId,
        query: Vec<(String, String)>,
    },
    /// The same modal is already opening.
    Blocked,
    /// The user may not open it.
    Refused { reason: Refusal },
}

/// Phase of the modal host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "phase", content = "id")]
pub enum ModalPhase {
    #[default]
    Closed,
    Opening(ModalId),
    Open(ModalId),
}

/// The modal host state machine: Closed -> Opening(id) -> Open(id) -> Closed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModalHost {
    pub phase: ModalPhase,
    /// Current extra params of the open modal (validated).
    pub params: Vec<(String, String)>,
}

/// Checks access of `id` for `ctx`.
pub fn check_access(id: ModalId, ctx: &ModalContext) -> Result<(), Refusal> {
    match id.access() {
        Access::Guest if ctx.logged_in => return Err(Refusal::GuestOnly),
        Access::LoggedIn if !ctx.logged_in => return Err(Refusal::LoginRequired),
        _ => {}
    }
    if let Some(s) = id.required_state() {
        if !ctx.states.contains(&s) {
            return Err(Refusal::MissingState(s));
        }
    }
    Ok(())
}

/// The modal actually shown for `id` (messenger wallet substitution).
pub fn effective_modal(id: ModalId, ctx: &ModalContext) -> ModalId {
    if ctx.telegram && id == ModalId::Wallet {
        ModalId::WalletTelegramApp
    } else {
        id
    }
}

/// `query` without any modal parameter.
pub fn strip_modal_params(query: &[(String, String)]) -> Vec<(String, String)> {
    query
        .iter()
        .filter(|(k, _)| !is_modal_param(k))
        .cloned()
        .collect()
}

impl ModalHost {
    pub fn new() -> ModalHost {
        ModalHost::default()
    }

    /// The modal currently opening or open.
    pub fn current(&self) -> Option<ModalId> {
        match self.phase {
            ModalPhase::Closed => None,
            ModalPhase::Opening(id) | ModalPhase::Open(id) => Some(id),
        }
    }

    /// The wallet tab of the open wallet modal.
    pub fn wallet_action(&self) -> Option<WalletAction> {
        self.params
            .iter()
            .find(|(k, _)| k == WALLET_TAB_PARAM)
            .and_then(|(_, v)| WalletAction::parse(v))
    }

    /// Requests opening a modal. `query` is the current address query; on
    /// [`Decision::Open`] the returned query (other modal params removed, this modal's
    /// params added) must be written to the address.
    pub fn open(
        &mut self,
        req: &OpenRequest,
        query: &[(String, String)],
        ctx: &ModalContext,
    ) -> Decision {
        let id = effective_modal(req.id, ctx);
        if self.phase == ModalPhase::Opening(id) {
            return Decision::Blocked;
        }
        if let Err(reason) = check_access(id, ctx) {
            return Decision::Refused { reason };
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for (k, v) in &req.params {
            if id.accepts(k, v) && !params.iter().any(|(pk, _)| pk == k) {
                params.push((k.clone(), v.clone()));
            }
        }
        let mut out = strip_modal_params(query);
        out.push((MODAL_PARAM.to_string(), id.query_value().to_string()));
        out.extend_from_slice(&params);
        self.phase = ModalPhase::Opening(id);
        self.params = params;
        Decision::Open { id, query: out }
    }

    /// The modal finished opening (its component is mounted).
    pub fn opened(&mut self) {
        if let ModalPhase::Opening(id) = self.phase {
            self.phase = ModalPhase::Open(id);
        }
    }

    /// Closes whatever is open; returns `query` without modal params.
    pub fn close(&mut self, query: &[(String, String)]) -> Vec<(String, String)> {
        self.phase = ModalPhase::Closed;
        self.params.clear();
        strip_modal_params(query)
    }

    /// Re-opens the modal named in the address on load. `None` when the address names no
    /// (known) modal.
    pub fn from_location(
        &mut self,
        location: &crate::domain::route::Location,
        ctx: &ModalContext,
    ) -> Option<Decision> {
        let id = ModalId::parse(location.query_value(MODAL_PARAM)?)?;
        let params = id
            .extra_params()
            .iter()
            .filter_map(|k| {
                location
                    .query_value(k)
                    .map(|v| ((*k).to_string(), v.to_string()))
            })
            .collect();
        let req = OpenRequest { id, params };
        Some(self.open(&req, &location.query, ctx))
    }
}
