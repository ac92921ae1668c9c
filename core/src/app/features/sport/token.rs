//! The provider token (SPEC §3 start-game, §4, §6, §8): fetched only with a profile, else
//! blank; fresh on an account switch, a theme change, a stale-token refusal and (mobile) when
//! the tab is visible again; a failed fetch is logged and the old token kept.

use super::{Call, Sport, Theme, WidgetState};
use crate::app::calls::{self, Answer, ResponseError};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Msg, Signal};
use crate::app::registry::Req;
use crate::app::wire::Account;
use crate::domain::geo::DEFAULT_COUNTRY;
use crate::domain::locale::sportsbook_culture;
use crate::domain::sport::{Platform, StartGameParams, SPORT_BASE};
use serde::{Deserialize, Serialize};

/// The game key the start call sends for the sportsbook.
pub const SPORTSBOOK_GAME_KEY: &str = "sportsbook";

impl Sport {
    fn key(&self) -> Option<(i64, Theme)> {
        self.account.as_ref().map(|a| (a.id, self.theme))
    }

    /// A token for the current account and theme, unless one is in hand or on its way.
    pub(super) fn want_token(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() {
            self.token.clear();
            self.token_key = None;
            return;
        }
        if self.widget == WidgetState::Idle {
            return;
        }
        match self.key() {
            Some(key) if self.token_key != Some(key) => self.request(key, cx),
            Some(_) => {}
            // Read lazily: only a player who opens the sportsbook costs this call.
            None => self.load_accounts(cx),
        }
    }

    pub(super) fn load_accounts(&mut self, cx: &mut Cx) {
        if !self.accounts_loading {
            self.accounts_loading = true;
            cx.call(Req::Sport(Call::Accounts), None);
        }
    }

    /// A fresh token even for the same account (stale refusal, tab visible again).
    pub(super) fn refresh_token(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() || self.widget == WidgetState::Idle || self.token_loading {
            return;
        }
        if let Some(key) = self.key() {
            self.request(key, cx);
        }
    }

    fn request(&mut self, (account_id, theme): (i64, Theme), cx: &mut Cx) {
        self.token_key = Some((account_id, theme));
        if !cx
            .config
            .operator_paths
            .provides(crate::app::operator::OperatorPath::SportStart)
        {
            // The operator has no token call (`operatorPaths.sportStart` is ""): the widget
            // runs without a player token, as when its fetch fails (SPEC §8: logged).
            cx.log(
                crate::app::effect::LogLevel::Info,
                "sportsbook: the operator has no sportStart path; no player token",
            );
            return;
        }
        self.token_loading = true;
        let locale = cx.shared.locale(cx.config);
        let culture = sportsbook_culture(Some(locale.unwrap_or(&cx.config.default_locale)));
        let lobby = match locale {
            Some(l) => format!("{}/{l}{SPORT_BASE}", cx.config.origin),
            None => format!("{}{SPORT_BASE}", cx.config.origin),
        };
        let platform = if self.mobile {
            Platform::Mobile
        } else {
            Platform::Desktop
        };
        let params = StartGameParams::new(
            u64::try_from(account_id).unwrap_or_default(),
            &lobby,
            culture,
            // SPEC §9: the profile's country, else the default.
            cx.shared.country.as_deref().unwrap_or(DEFAULT_COUNTRY),
            false,
            platform,
        );
        let body = StartBody {
            game_key: SPORTSBOOK_GAME_KEY,
            params: &params,
        };
        cx.send(Req::Sport(Call::Start { account_id, theme }), &body);
    }

    pub(super) fn token_answered(
        &mut self,
        account_id: i64,
        theme: Theme,
        answer: Answer,
        cx: &mut Cx,
    ) {
        if self.token_key != Some((account_id, theme)) {
            // Asked for an account or theme that is no longer current: a newer call is out.
            return;
        }
        self.token_loading = false;
        let token = answer.and_then(|t| {
            crate::json::from_str::<Started>(&t)
                .map(|s| s.token)
                .map_err(ResponseError::Malformed)
        });
        match token {
            Ok(t) if cx.shared.is_player() => self.token = t,
            Ok(_) => {}
            Err(e) => {
                // SPEC §8: logged, the token left as it was.
                cx.log_err(LogLevel::Warn, "sportsbook token", &e);
                // The player's own limit (a self-exclusion) refused play: say so (issue 14).
                if matches!(&e, ResponseError::Status { error, .. } if error.code == "game_limit_reached")
                {
                    cx.msg(Msg::Signal(Signal::LimitReached));
                    cx.open_modal("game-limit-reached");
                }
            }
        }
    }

    pub(super) fn accounts_answered(&mut self, answer: Answer, cx: &mut Cx) {
        self.accounts_loading = false;
        match calls::read::<Vec<Account>>(answer) {
            Ok(list) => {
                for account in list {
                    if account.is_active() {
                        self.account = Some(account);
                        self.want_token(cx);
                        break;
                    }
                }
            }
            Err(e) => cx.log_err(LogLevel::Warn, "sportsbook accounts", &e),
        }
    }

    /// `wallet:accounts`: a newly active account needs a fresh token. Nothing the slice shows
    /// changes here (the token comes with the answer), so the slice is not rebuilt.
    pub(super) fn account_pushed(&mut self, account: Account, cx: &mut Cx) -> bool {
        if !cx.shared.is_player() || self.widget == WidgetState::Idle {
            return false;
        }
        let current = self.account.as_ref().map(|a| a.id);
        if account.is_active() {
            let switched = current != Some(account.id);
            self.account = Some(account);
            if switched {
                self.want_token(cx);
            }
        } else if current == Some(account.id) {
            self.account = None;
        }
        false
    }
}

/// The sportsbook's start call (SPEC §3): its game key beside the start parameters.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StartBody<'a> {
    pub game_key: &'a str,
    #[serde(flatten)]
    pub params: &'a StartGameParams,
}

/// The start call's answer (SPEC §7): the sportsbook token; without a text `token` it is
/// refused.
#[derive(Deserialize)]
struct Started {
    token: String,
}
