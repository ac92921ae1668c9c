//! Quests with tasks and the loyalty account with its levels (SPEC §3 Quest, Task, Loyalty
//! account; §4 Quest, Loyalty). Quest states: 1 issued and 2 active (both listed as active by
//! the client), 3 completed, 4 cancelled, 5 and 6 expired.

use rusqlite::{params, Connection, OptionalExtension, Row};

pub const QUEST_ISSUED: i64 = 1;
pub const QUEST_ACTIVE: i64 = 2;
pub const QUEST_COMPLETED: i64 = 3;
pub const QUEST_CANCELLED: i64 = 4;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS quests (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    name       TEXT NOT NULL,
    state      INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    reward     TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS quest_tasks (
    id        INTEGER PRIMARY KEY,
    quest_id  INTEGER NOT NULL REFERENCES quests(id),
    type      TEXT NOT NULL CHECK (type IN ('bet', 'deposit')),
    progress  INTEGER NOT NULL DEFAULT 0,
    quantity  INTEGER NOT NULL,
    game_ids  TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS loyalty_levels (
    ord    INTEGER PRIMARY KEY,
    name   TEXT NOT NULL,
    points INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS loyalty_points (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    points    INTEGER NOT NULL
);
";

#[derive(Clone, Debug)]
pub struct Quest {
    pub id: i64,
    pub player_id: i64,
    pub name: String,
    pub state: i64,
    pub currency: String,
    pub reward: String,
}

#[derive(Clone, Debug)]
pub struct Task {
    pub id: i64,
    pub quest_id: i64,
    pub kind: String,
    pub progress: i64,
    pub quantity: i64,
    pub game_ids: Vec<i64>,
}

#[derive(Clone, Debug)]
pub struct Level {
    pub order: i64,
    pub name: String,
    pub points: i64,
}

fn quest_row(r: &Row) -> rusqlite::Result<Quest> {
    Ok(Quest {
        id: r.get(0)?,
        player_id: r.get(1)?,
        name: r.get(2)?,
        state: r.get(3)?,
        currency: r.get(4)?,
        reward: r.get(5)?,
    })
}

fn task_row(r: &Row) -> rusqlite::Result<Task> {
    let ids: String = r.get(5)?;
    Ok(Task {
        id: r.get(0)?,
        quest_id: r.get(1)?,
        kind: r.get(2)?,
        progress: r.get(3)?,
        quantity: r.get(4)?,
        game_ids: ids.split(',').filter_map(|s| s.parse().ok()).collect(),
    })
}

const QUEST_COLS: &str = "id, player_id, name, state, currency, reward";
const TASK_COLS: &str = "id, quest_id, type, progress, quantity, game_ids";

#[allow(clippy::too_many_arguments)]
pub fn add_quest(
    conn: &Connection,
    player_id: i64,
    name: &str,
    state: i64,
    currency: &str,
    reward: &str,
    tasks: &[(String, i64, Vec<i64>)],
    now: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO quests (player_id, name, state, currency, reward, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![player_id, name, state, currency, reward, now],
    )?;
    let id = conn.last_insert_rowid();
    for (kind, quantity, games) in tasks {
        let games: Vec<String> = games.iter().map(i64::to_string).collect();
        conn.execute(
            "INSERT INTO quest_tasks (quest_id, type, quantity, game_ids) VALUES (?1, ?2, ?3, ?4)",
            params![id, kind, quantity, games.join(",")],
        )?;
    }
    Ok(id)
}

pub fn quest(conn: &Connection, id: i64) -> rusqlite::Result<Option<Quest>> {
    conn.query_row(
        &format!("SELECT {QUEST_COLS} FROM quests WHERE id = ?1"),
        [id],
        quest_row,
    )
    .optional()
}

pub fn quests(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<Quest>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {QUEST_COLS} FROM quests WHERE player_id = ?1 ORDER BY id DESC"
    ))?;
    let rows = stmt.query_map([player_id], quest_row)?;
    rows.collect()
}

pub fn tasks(conn: &Connection, quest_id: i64) -> rusqlite::Result<Vec<Task>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {TASK_COLS} FROM quest_tasks WHERE quest_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([quest_id], task_row)?;
    rows.collect()
}

pub fn set_state(conn: &Connection, id: i64, state: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE quests SET state = ?2 WHERE id = ?1",
        params![id, state],
    )?;
    Ok(())
}

pub fn set_progress(conn: &Connection, task_id: i64, progress: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE quest_tasks SET progress = ?2 WHERE id = ?1",
        params![task_id, progress],
    )?;
    Ok(())
}

pub fn levels(conn: &Connection) -> rusqlite::Result<Vec<Level>> {
    let mut stmt = conn.prepare("SELECT ord, name, points FROM loyalty_levels ORDER BY ord")?;
    let rows = stmt.query_map([], |r| {
        Ok(Level {
            order: r.get(0)?,
            name: r.get(1)?,
            points: r.get(2)?,
        })
    })?;
    rows.collect()
}

pub fn seed_levels(conn: &Connection) -> rusqlite::Result<()> {
    for (ord, name, points) in [
        (1, "Bronze", 0),
        (2, "Silver", 100),
        (3, "Gold", 500),
        (4, "Platinum", 2000),
        (5, "Diamond", 10000),
    ] {
        conn.execute(
            "INSERT OR IGNORE INTO loyalty_levels (ord, name, points) VALUES (?1, ?2, ?3)",
            params![ord, name, points],
        )?;
    }
    Ok(())
}

pub fn points(conn: &Connection, player_id: i64) -> rusqlite::Result<i64> {
    Ok(conn
        .query_row(
            "SELECT points FROM loyalty_points WHERE player_id = ?1",
            [player_id],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(0))
}

pub fn set_points(conn: &Connection, player_id: i64, points: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO loyalty_points (player_id, points) VALUES (?1, ?2)
         ON CONFLICT(player_id) DO UPDATE SET points = excluded.points",
        params![player_id, points.max(0)],
    )?;
    Ok(())
}
