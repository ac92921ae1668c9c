//! Quests and loyalty (SPEC §3 Quest, Task, Loyalty account; §4 Quest, Loyalty; §6 flags
//! questsEnabled, loyaltyEnabled; §7 Quests; §9 level progress, level-up banner 3 s). Part of
//! the bonuses feature: both are reloaded with the bonuses on an account switch and share its
//! session handling. With a flag off (or not known yet) nothing of that part is requested or
//! shown, and its modals close.

use crate::app::calls::Answer;
use crate::app::effect::{LogLevel, TimerId};
use crate::app::feature::Cx;
use crate::app::registry::{Req, Tick};
use crate::domain::alert::Alert;
use crate::domain::loyalty::{self, LevelUp, LoyaltyAccount};
use crate::domain::quest::{self, Quest, Task};
use crate::json::{lenient, lenient_items, readable_items, whole_id, Json};
use serde::Deserialize;

use super::{BonusTick, Call};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Retention {
    /// `(questsEnabled, loyaltyEnabled)` from the public settings; `None` until known.
    pub flags: Option<(bool, bool)>,
    /// When the flags were read: a settings call, kept 15 minutes (SPEC §7, §9).
    flags_at: Option<u64>,
    flags_pending: bool,
    pub quests: Vec<Quest>,
    /// `(quest id, reward text)`.
    pub rewards: Vec<(u64, String)>,
    /// `(task id, game ids)`.
    pub task_games: Vec<(u64, Vec<u64>)>,
    pub quests_loaded: bool,
    pub busy: Vec<u64>,
    pub account: Option<LoyaltyAccount>,
    /// The highest level this session has seen (loaded or pushed): a level-up shows once,
    /// whichever of a refetch's answer and the push brings it first (issue 29).
    pub peak: Option<LoyaltyAccount>,
    /// `(name, points, order)`.
    pub levels: Vec<(String, u64, u32)>,
    /// The level reached, shown as a modal (false) or a banner on a game page (true).
    pub level_up: Option<(String, bool)>,
    banner: Option<TimerId>,
}

/// A quest as the list, an activate/cancel answer and `quest.updated` send it: the quest
/// itself ([`Quest`]'s derive) and, beside it, its reward and each task's games.
type ReadQuest = (Quest, String, Vec<(u64, Vec<u64>)>);

/// What a quest carries besides [`Quest`]: the reward text and the games of each task.
#[derive(Default, Deserialize)]
#[serde(default)]
struct QuestExtras {
    #[serde(deserialize_with = "lenient")]
    reward: String,
    #[serde(deserialize_with = "lenient_items")]
    tasks: Vec<TaskGames>,
}

/// A task's games (`gameIds`; items that are not ids are left out).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskGames {
    #[serde(deserialize_with = "whole_id")]
    id: u64,
    #[serde(default, deserialize_with = "lenient_items")]
    game_ids: Vec<u64>,
}

fn read_quest(v: &Json) -> Result<ReadQuest, String> {
    let q = Quest::deserialize(v).map_err(|e| e.to_string())?;
    let extras = QuestExtras::deserialize(v).map_err(|e| e.to_string())?;
    // Only the games of the tasks that were read.
    let games = extras
        .tasks
        .into_iter()
        .filter(|t| q.tasks.iter().any(|r| r.id == t.id))
        .map(|t| (t.id, t.game_ids))
        .collect();
    Ok((q, extras.reward, games))
}

/// `GET settings/public`'s flags: a flag that is not `false` is on.
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct PublicFlags {
    #[serde(deserialize_with = "lenient")]
    quests_enabled: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    loyalty_enabled: Option<bool>,
}

/// A row of `loyalty/levels`: rows without points or order are left out.
#[derive(Deserialize)]
struct Level {
    #[serde(default, deserialize_with = "lenient")]
    name: String,
    #[serde(deserialize_with = "whole_id")]
    points: u64,
    #[serde(deserialize_with = "whole_id")]
    order: u32,
}

/// The whole `loyalty/levels` answer: a list (anything else refuses it).
#[derive(Deserialize)]
#[serde(transparent)]
struct Levels(#[serde(deserialize_with = "readable_items")] Vec<Level>);

fn prefixed(mut alert: Alert) -> Alert {
    alert.key.insert_str(0, "alerts.");
    alert
}

fn req(call: Call) -> Req {
    Req::Bonuses(call)
}

impl Retention {
    pub fn quests_on(&self) -> bool {
        self.flags.is_some_and(|f| f.0)
    }

    pub fn loyalty_on(&self) -> bool {
        self.flags.is_some_and(|f| f.1)
    }

    /// Quests of the active currency (states 1 and 2), the loyalty account and its levels.
    pub fn load(&mut self, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        if self.quests_on() {
            if let Some(c) = cx.shared.active_currency.clone() {
                cx.call(req(Call::Quests(c)), None);
            }
        }
        if self.loyalty_on() {
            cx.call(req(Call::Loyalty), None);
            if self.levels.is_empty() {
                cx.call(req(Call::Levels), None);
            }
        }
    }

    /// The session ended: the player's part goes, the flags stay.
    pub fn clear(&mut self, cx: &mut Cx) {
        if let Some(t) = self.banner.take() {
            cx.cancel(t);
        }
        *self = Retention {
            flags: self.flags,
            flags_at: self.flags_at,
            flags_pending: self.flags_pending,
            ..Retention::default()
        };
    }

    pub fn flags_answered(&mut self, answer: Answer, cx: &mut Cx) {
        self.flags_pending = false;
        match crate::app::calls::read_json(answer) {
            Ok(v) => {
                // Not an object: both on, as a platform that does not say.
                let f = PublicFlags::deserialize(&v).unwrap_or_default();
                self.flags = Some((
                    f.quests_enabled != Some(false),
                    f.loyalty_enabled != Some(false),
                ));
                self.flags_at = Some(cx.now);
                self.load(cx);
                self.close_refused(cx);
            }
            // Unknown flags: both parts stay off (nothing requested, nothing shown).
            Err(e) => cx.log_err(LogLevel::Warn, "public flags", &e),
        }
    }

    /// Reads the public flags unless read within the settings cache's 15 minutes.
    pub fn read_flags(&mut self, cx: &mut Cx) {
        let fresh = self.flags_at.is_some_and(|at| {
            cx.now.saturating_sub(at) < crate::app::calls::query::SETTINGS_TTL_MS && cx.now >= at
        });
        if !fresh && !self.flags_pending {
            self.flags_pending = true;
            cx.call(req(Call::Flags), None);
        }
    }

    /// A quest modal open while quests are off is refused (closed).
    pub fn close_refused(&self, cx: &mut Cx) {
        let open = cx
            .shared
            .location
            .query_value(crate::domain::modal::MODAL_PARAM)
            .unwrap_or_default();
        if open.starts_with("quest") && self.flags.is_some() && !self.quests_on() {
            cx.close_modal();
        }
    }

    pub fn quests_answered(&mut self, currency: &str, answer: Answer, cx: &mut Cx) {
        if cx.shared.active_currency.as_deref() != Some(currency) || !self.quests_on() {
            return;
        }
        match crate::app::calls::read_json(answer) {
            Ok(v) => {
                self.quests.clear();
                self.rewards.clear();
                self.task_games.clear();
                // Not a list: none; quests that cannot be read are left out.
                let list: Vec<Json> = lenient(&v).unwrap_or_default();
                for v in &list {
                    let Ok((q, reward, mut games)) = read_quest(v) else {
                        continue;
                    };
                    if quest::is_active_state(q.state) {
                        self.rewards.push((q.id, reward));
                        self.task_games.append(&mut games);
                        self.quests.push(q);
                    }
                }
                self.quests_loaded = true;
            }
            Err(e) => cx.log_err(LogLevel::Warn, "quests", &e),
        }
    }

    /// An activate or cancel answered: the quest as the server has it now.
    pub fn quest_changed(&mut self, id: u64, answer: Answer, cx: &mut Cx) {
        self.busy.retain(|b| *b != id);
        match crate::app::calls::read_json(answer) {
            Ok(v) => match read_quest(&v) {
                Ok(q) => self.quest_pushed(q, cx),
                Err(e) => cx.log(LogLevel::Warn, &format!("quest {id}: {e}")),
            },
            Err(e) => {
                cx.log(LogLevel::Warn, &format!("quest {id}: {e}"));
                let mut alert = Alert::error("alerts.somethingWrong");
                if let crate::app::calls::ResponseError::Status { error, .. } = &e {
                    if !error.message.is_empty() {
                        alert = alert.with_description(&error.message);
                    }
                }
                cx.alert(alert);
            }
        }
    }

    /// `quest.updated` (SPEC §4): a new active quest alerts and reloads; a changed state other
    /// than completed alerts; finished quests leave the list.
    fn quest_pushed(
        &mut self,
        (q, reward, mut games): (Quest, String, Vec<(u64, Vec<u64>)>),
        cx: &mut Cx,
    ) {
        let id = q.id;
        let state = q.state;
        let outcome = quest::on_quest_updated(&mut self.quests, q);
        if let Some(alert) = outcome.alert {
            cx.alert(prefixed(alert));
        }
        if outcome.reload {
            self.load(cx);
        }
        if quest::is_active_state(state) {
            self.rewards.retain(|r| r.0 != id);
            self.rewards.push((id, reward));
            self.task_games.append(&mut games);
        } else {
            self.quests.retain(|x| x.id != id);
        }
    }

    /// A retention push; returns whether anything changed.
    pub fn pushed(&mut self, task: bool, data: &Json, cx: &mut Cx) -> bool {
        if !self.quests_on() || !cx.shared.is_player() {
            return false;
        }
        if task {
            let t = match Task::deserialize(data) {
                Ok(t) => t,
                Err(e) => {
                    let why = format!("realtime: quest task push dropped: {e}");
                    cx.log(LogLevel::Warn, &why);
                    return false;
                }
            };
            if let Some(alert) = quest::on_task_updated(&mut self.quests, t) {
                cx.alert(prefixed(alert));
            }
            return true;
        }
        match read_quest(data) {
            Ok(q) => {
                self.quest_pushed(q, cx);
                true
            }
            Err(e) => {
                cx.log(
                    LogLevel::Warn,
                    &format!("realtime: quest push dropped: {e}"),
                );
                false
            }
        }
    }

    pub fn account_answered(&mut self, answer: Answer, cx: &mut Cx) {
        match crate::app::calls::read_json(answer) {
            // A loaded level above the peak rose while no push told (a refetch answered
            // first): the same reaction as a push.
            Ok(v) => match LoyaltyAccount::deserialize(&v) {
                Ok(a) => self.arrived(a, cx),
                Err(e) => cx.log(LogLevel::Warn, &format!("loyalty account: {e}")),
            },
            Err(e) => cx.log_err(LogLevel::Warn, "loyalty account", &e),
        }
    }

    pub fn levels_answered(&mut self, answer: Answer, cx: &mut Cx) {
        match crate::app::calls::read_json(answer) {
            Ok(v) => match Levels::deserialize(&v) {
                Ok(Levels(list)) => {
                    self.levels = list
                        .into_iter()
                        .map(|l| (l.name, l.points, l.order))
                        .collect();
                }
                Err(e) => cx.log(LogLevel::Warn, &format!("loyalty levels: {e}")),
            },
            Err(e) => cx.log_err(LogLevel::Warn, "loyalty levels", &e),
        }
    }

    /// `retention:accounts`: a higher level order shows the level-up modal, or on a game page
    /// the banner for 3 s (SPEC §4, §9).
    pub fn account_pushed(&mut self, data: &Json, cx: &mut Cx) -> bool {
        if !self.loyalty_on() || !cx.shared.is_player() {
            return false;
        }
        let new = match LoyaltyAccount::deserialize(data) {
            Ok(a) => a,
            Err(e) => {
                cx.log(
                    LogLevel::Warn,
                    &format!("realtime: loyalty push dropped: {e}"),
                );
                return false;
            }
        };
        self.arrived(new, cx);
        true
    }

    /// A loyalty account arrived: above the peak level, the level-up modal (the banner on a
    /// game page); it becomes the account shown either way.
    fn arrived(&mut self, new: LoyaltyAccount, cx: &mut Cx) {
        let on_game = cx
            .shared
            .route
            .as_ref()
            .is_ok_and(|r| r.name.trim_start_matches("locale-") == "game-id");
        match loyalty::on_account_update(self.peak.as_ref(), &new, on_game, cx.now) {
            Some(LevelUp::Banner { level, .. }) => {
                if let Some(t) = self.banner.take() {
                    cx.cancel(t);
                }
                self.level_up = Some((level, true));
                self.banner = Some(cx.timer(
                    loyalty::LEVEL_UP_BANNER_MS as u32,
                    Tick::Bonuses(BonusTick::HideBanner),
                ));
            }
            Some(LevelUp::Modal { level }) => self.level_up = Some((level, false)),
            None => {}
        }
        if self
            .peak
            .as_ref()
            .is_none_or(|p| new.current_level.order > p.current_level.order)
        {
            self.peak = Some(new.clone());
        }
        self.account = Some(new);
    }

    pub fn hide_banner(&mut self) {
        self.banner = None;
        if self.level_up.as_ref().is_some_and(|l| l.1) {
            self.level_up = None;
        }
    }
}
