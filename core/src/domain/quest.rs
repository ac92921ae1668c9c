//! Quests (SPEC §3, §4 "Quest"): states, the realtime `quest.updated` / `quest.task.updated`
//! reducers and their alerts.
//!
//! # Decisions
//!
//! - Alert keys: `questIssued` (info), `questStateChanged` (info, param `state`),
//!   `questTaskCompleted` (success, params `questId`, `taskId`).
//! - `quest.updated` for a listed quest whose state did not change gives no alert.
//! - An unlisted quest in a state other than 1|2 is ignored (not added, no alert).
//! - The task alert fires on the transition to completion only (a repeated push with the same
//!   progress is quiet); a task of an unlisted quest updates nothing and gives no alert.

use crate::domain::alert::Alert;
use serde::{Deserialize, Serialize};

use crate::json::{lenient, lenient_items, lenient_whole, whole_id};

/// Realtime event: a quest changed.
pub const EVENT_QUEST_UPDATED: &str = "quest.updated";
/// Realtime event: a task changed.
pub const EVENT_TASK_UPDATED: &str = "quest.task.updated";

/// Quest states 1 and 2: active.
pub fn is_active_state(state: u8) -> bool {
    state == 1 || state == 2
}

/// Quest state 3: completed.
pub fn is_completed_state(state: u8) -> bool {
    state == 3
}

/// Quest states 5 and 6: expired.
pub fn is_expired_state(state: u8) -> bool {
    state == 5 || state == 6
}

/// A quest task (SPEC §3), as the quest list, an activate/cancel answer and the
/// `quest.task.updated` push send it: the ids are needed, other fields of another type read
/// as their default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    #[serde(deserialize_with = "whole_id")]
    pub id: u64,
    #[serde(deserialize_with = "whole_id")]
    pub quest_id: u64,
    #[serde(default, rename = "type", deserialize_with = "lenient")]
    pub kind: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub is_active: bool,
    #[serde(default, deserialize_with = "lenient")]
    pub is_completed: bool,
    #[serde(default, deserialize_with = "lenient_whole")]
    pub progress: u64,
    #[serde(default, deserialize_with = "lenient_whole")]
    pub quantity: u64,
}

impl Task {
    /// Completed per SPEC §4: progress equals quantity while active.
    pub fn reached_quantity(&self) -> bool {
        self.is_active && self.progress == self.quantity
    }
}

/// A quest (SPEC §3): the id and state are needed; tasks that cannot be read are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quest {
    #[serde(deserialize_with = "whole_id")]
    pub id: u64,
    #[serde(default, deserialize_with = "lenient")]
    pub name: String,
    #[serde(deserialize_with = "whole_id")]
    pub state: u8,
    #[serde(default, deserialize_with = "lenient_items")]
    pub tasks: Vec<Task>,
}

/// What a quest update asks for.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestOutcome {
    pub alert: Option<Alert>,
    /// Reload the quest list.
    pub reload: bool,
}

/// `quest.updated`: updates the list and answers the alert/reload.
pub fn on_quest_updated(list: &mut Vec<Quest>, update: Quest) -> QuestOutcome {
    match list.iter_mut().find(|q| q.id == update.id) {
        None => {
            if is_active_state(update.state) {
                let alert = Alert::info("questIssued").with_param("name", &update.name);
                list.push(update);
                QuestOutcome {
                    alert: Some(alert),
                    reload: true,
                }
            } else {
                QuestOutcome::default()
            }
        }
        Some(q) => {
            let changed = q.state != update.state;
            let alert = (changed && !is_completed_state(update.state)).then(|| {
                Alert::info("questStateChanged")
                    .with_param("state", &update.state.to_string())
                    .with_param("name", &update.name)
            });
            *q = update;
            QuestOutcome {
                alert,
                reload: false,
            }
        }
    }
}

/// `quest.task.updated`: updates the task in its quest; the success alert when it completes.
pub fn on_task_updated(list: &mut [Quest], task: Task) -> Option<Alert> {
    let quest = list.iter_mut().find(|q| q.id == task.quest_id)?;
    let was_done = quest
        .tasks
        .iter()
        .find(|t| t.id == task.id)
        .is_some_and(|t| t.progress == t.quantity && t.is_active);
    let alert = (task.reached_quantity() && !was_done).then(|| {
        Alert::success("questTaskCompleted")
            .with_param("questId", &task.quest_id.to_string())
            .with_param("taskId", &task.id.to_string())
    });
    match quest.tasks.iter_mut().find(|t| t.id == task.id) {
        Some(slot) => *slot = task,
        None => quest.tasks.push(task),
    }
    alert
}

/// Progress of a task in whole percent (0..=100), for a bar.
pub fn task_percent(task: &Task) -> u8 {
    if task.quantity == 0 {
        return 100;
    }
    let p = u128::from(task.progress.min(task.quantity)) * 100 / u128::from(task.quantity);
    u8::try_from(p).unwrap_or(100)
}
