//! Recently played (SPEC §9): per player in localStorage as `{playerId: ["provider/game", …]}`,
//! newest first, merged with the server's list, cleared on logout.

use crate::app::effect::Effect;
use crate::app::feature::Cx;
use crate::app::stored::Stored;
use crate::json::Json;

pub const PLAYED_KEY: &str = "playedGames";
/// Where the list lives: this device, every tab.
pub const PLAYED: Stored = Stored::local(PLAYED_KEY);
/// Entries kept per player.
pub const PLAYED_MAX: usize = 30;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    pub player: Option<i64>,
    /// What storage held, by player id.
    stored: Vec<(String, Vec<String>)>,
    /// The current player's list, newest first.
    pub list: Vec<String>,
}

fn strings(v: &Json) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl Played {
    pub fn load(&mut self, text: Option<&str>) {
        self.stored = text
            .and_then(|t| crate::json::parse(t).ok())
            .and_then(|v| {
                v.as_object()
                    .map(|o| o.iter().map(|(k, v)| (k.clone(), strings(v))).collect())
            })
            .unwrap_or_default();
    }

    fn key(&self) -> Option<String> {
        self.player.map(|p| p.to_string())
    }

    /// The player is known: their stored list first, then the server's (`merge_server`).
    fn mine(&self) -> Vec<String> {
        let key = self.key();
        self.stored
            .iter()
            .find(|(k, _)| Some(k) == key.as_ref())
            .map(|(_, l)| l.clone())
            .unwrap_or_default()
    }

    /// The server's list (newest first) after this device's plays, no duplicates, capped.
    pub fn merge_server(&mut self, server: Vec<String>) {
        let mut out = self.mine();
        for e in &self.list {
            if !out.contains(e) {
                out.push(e.clone());
            }
        }
        for e in server {
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out.truncate(PLAYED_MAX);
        self.list = out;
    }

    /// A game was launched: it goes first, and storage is written.
    pub fn add(&mut self, entry: String, cx: &mut Cx) {
        if self.list.is_empty() {
            self.list = self.mine();
        }
        self.list.retain(|e| *e != entry);
        self.list.insert(0, entry);
        self.list.truncate(PLAYED_MAX);
        let Some(key) = self.key() else { return };
        self.stored.retain(|(k, _)| *k != key);
        self.stored.push((key, self.list.clone()));
        let obj: serde_json::Map<String, Json> = self
            .stored
            .iter()
            .map(|(k, l)| {
                let list = l.iter().map(|s| Json::String(s.clone())).collect();
                (k.clone(), Json::Array(list))
            })
            .collect();
        cx.effect(Effect::StoreLocal {
            key: PLAYED_KEY.into(),
            value: crate::json::to_string(&Json::Object(obj)),
        });
    }

    /// Logout: SPEC §4 clears the stored played-games ids.
    pub fn clear(&mut self, cx: &mut Cx) {
        *self = Played::default();
        cx.effect(Effect::StoreLocal {
            key: PLAYED_KEY.into(),
            value: None,
        });
    }
}
