//! The stand-in sportsbook provider's data: sports events (seeded), start-game tokens and
//! bets. Live events' odds and scores move with the clock (derived on read, so no background
//! task is needed and every reader sees the same numbers at the same second).

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

use crate::db::accounts;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sport_events (
    id                INTEGER PRIMARY KEY,
    sport_id          INTEGER NOT NULL,
    sport_name        TEXT NOT NULL,
    category_id       INTEGER NOT NULL,
    category_name     TEXT NOT NULL,
    championship_id   INTEGER NOT NULL,
    championship_name TEXT NOT NULL,
    home              TEXT NOT NULL,
    away              TEXT NOT NULL,
    -- minutes from the top of the current hour; live events started before now
    start_offset_min  INTEGER NOT NULL,
    live              INTEGER NOT NULL,
    odds_home         INTEGER NOT NULL,
    odds_draw         INTEGER,
    odds_away         INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sport_tokens (
    token      TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    culture    TEXT NOT NULL,
    platform   INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sport_bets (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    event_id   INTEGER NOT NULL REFERENCES sport_events(id),
    outcome    TEXT NOT NULL,
    odds       INTEGER NOT NULL,
    stake      INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    status     INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sport_bets_by_player ON sport_bets(player_id);
";

/// A start-game token lives this long (then a bet is refused as stale).
pub const TOKEN_TTL_SECS: i64 = 15 * 60;
/// Bet status: open (not settled).
pub const BET_OPEN: i64 = 1;

type Seed = (
    i64,
    (i64, &'static str),
    (i64, &'static str),
    (i64, &'static str),
    (&'static str, &'static str),
    i64,
    bool,
    (i64, Option<i64>, i64),
);

/// (id, sport, category, championship, teams, start offset min, live, odds x100).
const EVENTS: &[Seed] = &[
    (
        9001,
        (66, "Soccer"),
        (1001, "England"),
        (2001, "Premier League"),
        ("Arsenal", "Chelsea"),
        -35,
        true,
        (185, Some(340), 410),
    ),
    (
        9002,
        (66, "Soccer"),
        (1001, "England"),
        (2001, "Premier League"),
        ("Liverpool", "Everton"),
        90,
        false,
        (150, Some(420), 600),
    ),
    (
        9003,
        (66, "Soccer"),
        (1001, "England"),
        (2001, "Premier League"),
        ("Manchester City", "Tottenham"),
        180,
        false,
        (140, Some(480), 650),
    ),
    (
        9004,
        (66, "Soccer"),
        (1001, "England"),
        (2002, "Championship"),
        ("Leeds United", "Sunderland"),
        -60,
        true,
        (210, Some(320), 330),
    ),
    (
        9005,
        (66, "Soccer"),
        (1001, "England"),
        (2002, "Championship"),
        ("Norwich City", "Watford"),
        240,
        false,
        (240, Some(310), 290),
    ),
    (
        9006,
        (66, "Soccer"),
        (1002, "Spain"),
        (2003, "LaLiga"),
        ("Real Madrid", "Sevilla"),
        120,
        false,
        (145, Some(450), 700),
    ),
    (
        9007,
        (66, "Soccer"),
        (1002, "Spain"),
        (2003, "LaLiga"),
        ("Atlético Madrid", "Valencia"),
        -20,
        true,
        (175, Some(350), 480),
    ),
    (
        9008,
        (66, "Soccer"),
        (1003, "International Clubs"),
        (2004, "Champions League"),
        ("Bayern München", "Paris Saint-Germain"),
        300,
        false,
        (205, Some(360), 330),
    ),
    (
        9009,
        (66, "Soccer"),
        (1003, "International Clubs"),
        (2004, "Champions League"),
        ("Inter", "Benfica"),
        360,
        false,
        (170, Some(370), 500),
    ),
    (
        9010,
        (67, "Basketball"),
        (1010, "USA"),
        (2010, "NBA"),
        ("Boston Celtics", "Miami Heat"),
        -15,
        true,
        (155, None, 245),
    ),
    (
        9011,
        (67, "Basketball"),
        (1010, "USA"),
        (2010, "NBA"),
        ("Denver Nuggets", "Phoenix Suns"),
        200,
        false,
        (165, None, 225),
    ),
    (
        9012,
        (67, "Basketball"),
        (1011, "Europe"),
        (2011, "EuroLeague"),
        ("Real Madrid", "Olympiacos"),
        150,
        false,
        (140, None, 290),
    ),
    (
        9013,
        (68, "Tennis"),
        (1020, "ATP"),
        (2020, "ATP Finals"),
        ("Sinner J.", "Alcaraz C."),
        -40,
        true,
        (190, None, 190),
    ),
    (
        9014,
        (68, "Tennis"),
        (1020, "ATP"),
        (2020, "ATP Finals"),
        ("Zverev A.", "Medvedev D."),
        100,
        false,
        (175, None, 205),
    ),
    (
        9015,
        (68, "Tennis"),
        (1021, "WTA"),
        (2021, "WTA Finals"),
        ("Sabalenka A.", "Swiatek I."),
        260,
        false,
        (195, None, 185),
    ),
    (
        9016,
        (69, "Ice Hockey"),
        (1030, "USA"),
        (2030, "NHL"),
        ("Toronto Maple Leafs", "Boston Bruins"),
        -25,
        true,
        (210, Some(400), 280),
    ),
    (
        9017,
        (69, "Ice Hockey"),
        (1030, "USA"),
        (2030, "NHL"),
        ("Edmonton Oilers", "Dallas Stars"),
        220,
        false,
        (190, Some(410), 310),
    ),
    (
        9018,
        (145, "E-sports+"),
        (1534, "Counter-Strike"),
        (2040, "IEM Cologne"),
        ("NAVI", "FaZe"),
        -10,
        true,
        (170, None, 210),
    ),
    (
        9019,
        (145, "E-sports+"),
        (1534, "Counter-Strike"),
        (2040, "IEM Cologne"),
        ("Vitality", "G2"),
        140,
        false,
        (160, None, 230),
    ),
    (
        9020,
        (145, "E-sports+"),
        (1533, "Dota2"),
        (2041, "The International"),
        ("Team Spirit", "Tundra"),
        320,
        false,
        (185, None, 190),
    ),
    (
        9021,
        (70, "Volleyball"),
        (1040, "Italy"),
        (2050, "SuperLega"),
        ("Trentino", "Perugia"),
        280,
        false,
        (200, None, 175),
    ),
];

/// Inserts the seeded events if missing (every start, like the other reference data).
pub fn seed(conn: &Connection) -> rusqlite::Result<()> {
    for (id, sport, cat, champ, (home, away), offset, live, (h, d, a)) in EVENTS {
        conn.execute(
            "INSERT OR IGNORE INTO sport_events (id, sport_id, sport_name, category_id,
               category_name, championship_id, championship_name, home, away,
               start_offset_min, live, odds_home, odds_draw, odds_away)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                id, sport.0, sport.1, cat.0, cat.1, champ.0, champ.1, home, away, offset, live, h,
                d, a
            ],
        )?;
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct Event {
    pub id: i64,
    pub sport: (i64, String),
    pub category: (i64, String),
    pub championship: (i64, String),
    pub home: String,
    pub away: String,
    start_offset_min: i64,
    pub live: bool,
    odds: (i64, Option<i64>, i64),
}

const SELECT: &str = "SELECT id, sport_id, sport_name, category_id, category_name,
    championship_id, championship_name, home, away, start_offset_min, live, odds_home,
    odds_draw, odds_away FROM sport_events";

fn from_row(r: &Row) -> rusqlite::Result<Event> {
    Ok(Event {
        id: r.get(0)?,
        sport: (r.get(1)?, r.get(2)?),
        category: (r.get(3)?, r.get(4)?),
        championship: (r.get(5)?, r.get(6)?),
        home: r.get(7)?,
        away: r.get(8)?,
        start_offset_min: r.get(9)?,
        live: r.get(10)?,
        odds: (r.get(11)?, r.get(12)?, r.get(13)?),
    })
}

pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Event>> {
    let mut stmt = conn.prepare(&format!(
        "{SELECT} ORDER BY live DESC, start_offset_min, id"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    rows.collect()
}

pub fn by_sport(conn: &Connection, sport_id: i64) -> rusqlite::Result<Vec<Event>> {
    let mut stmt = conn.prepare(&format!(
        "{SELECT} WHERE sport_id = ?1 ORDER BY category_id, championship_id, id"
    ))?;
    let rows = stmt.query_map([sport_id], from_row)?;
    rows.collect()
}

pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<Event>> {
    conn.query_row(&format!("{SELECT} WHERE id = ?1"), [id], from_row)
        .optional()
}

/// The clock-driven part of an event at `now` (unix seconds).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Market {
    pub starts_at: i64,
    /// Minute of play (live only).
    pub minute: Option<i64>,
    pub score: Option<[i64; 2]>,
    /// Outcome ("1", "X", "2") -> odds x100.
    pub odds: Vec<(String, i64)>,
}

impl Event {
    pub fn name(&self) -> String {
        format!("{} - {}", self.home, self.away)
    }

    pub fn market(&self, now: i64) -> Market {
        let hour = now - now.rem_euclid(3600);
        let starts_at = hour + self.start_offset_min * 60;
        let (minute, score, wobble) = if self.live {
            // Play runs in 90-minute loops from the start; scores grow with it, odds wobble
            // every 10 s, both the same for every reader at a given second.
            let minute = ((now - starts_at).max(0) / 60).rem_euclid(90) + 1;
            let h = minute * (self.id % 3 + 1) / 45;
            let a = minute * (self.id % 2 + 1) / 60;
            let step = (now / 10 + self.id).rem_euclid(7) - 3;
            (Some(minute), Some([h, a]), step * 4)
        } else {
            (None, None, 0)
        };
        let adj = |o: i64| (o + wobble).max(101);
        let mut odds = vec![("1".to_string(), adj(self.odds.0))];
        if let Some(d) = self.odds.1 {
            odds.push(("X".to_string(), adj(d)));
        }
        odds.push(("2".to_string(), adj(self.odds.2 - wobble)));
        Market {
            starts_at,
            minute,
            score,
            odds,
        }
    }

    pub fn odds_of(&self, outcome: &str, now: i64) -> Option<i64> {
        self.market(now)
            .odds
            .into_iter()
            .find(|(o, _)| o == outcome)
            .map(|(_, v)| v)
    }
}

/// A start-game token row.
#[derive(Clone, Debug)]
pub struct Token {
    pub player_id: i64,
    pub account_id: i64,
}

pub fn insert_token(
    conn: &Connection,
    token: &str,
    player_id: i64,
    account_id: i64,
    culture: &str,
    platform: i64,
    session_id: i64,
) -> rusqlite::Result<()> {
    let now = super::now();
    conn.execute(
        "INSERT INTO sport_tokens
             (token, player_id, account_id, culture, platform, created_at, session_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![token, player_id, account_id, culture, platform, now, session_id],
    )?;
    Ok(())
}

/// A live sportsbook token: younger than [`TOKEN_TTL_SECS`], its session open.
pub fn token(conn: &Connection, token: &str) -> rusqlite::Result<Option<Token>> {
    conn.query_row(
        // Only for its life and while the session that asked for it is open (logout ends it).
        "SELECT player_id, account_id FROM sport_tokens t WHERE token = ?1
           AND created_at > ?2
           AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = t.session_id AND s.closed_at IS NULL)",
        params![token, super::now() - TOKEN_TTL_SECS],
        |r| {
            Ok(Token {
                player_id: r.get(0)?,
                account_id: r.get(1)?,
            })
        },
    )
    .optional()
}

/// A bet as the provider API and the `bet.placebet` push show it.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BetView {
    pub id: i64,
    pub event_id: i64,
    pub event_name: String,
    pub outcome: String,
    pub odds: String,
    pub stake: String,
    pub potential_win: String,
    pub currency: String,
    pub account_id: i64,
    pub status: i64,
    pub created_at: i64,
}

/// Why a bet was refused.
#[derive(Debug)]
pub enum BetError {
    InsufficientFunds,
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for BetError {
    fn from(e: rusqlite::Error) -> Self {
        BetError::Db(e)
    }
}

pub struct NewBet<'a> {
    pub player_id: i64,
    pub account_id: i64,
    pub event: &'a Event,
    pub outcome: &'a str,
    pub odds: i64,
    pub stake_minor: i64,
    pub now: i64,
}

/// A placed bet: the account after it, the bet as the provider shows it, and its row in the
/// platform's bets history.
pub struct Placed {
    pub account: accounts::Account,
    pub bet: BetView,
    pub history: crate::db::games::Spin,
}

/// Debits the account and writes the bet, and its open row in the platform's bets history
/// (`GET /api/game/bets?isSettled=false`), in one transaction.
pub fn place(conn: &Connection, bet: &NewBet) -> Result<Placed, BetError> {
    let tx = conn.unchecked_transaction()?;
    let debited = tx.execute(
        "UPDATE accounts SET balance = balance - ?3
         WHERE id = ?1 AND player_id = ?2 AND balance >= ?3",
        params![bet.account_id, bet.player_id, bet.stake_minor],
    )?;
    if debited != 1 {
        return Err(BetError::InsufficientFunds);
    }
    let account = accounts::get(&tx, bet.player_id, bet.account_id)?
        .ok_or(BetError::Db(rusqlite::Error::QueryReturnedNoRows))?;
    tx.execute(
        "INSERT INTO sport_bets (player_id, account_id, event_id, outcome, odds, stake,
           currency, status, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            bet.player_id,
            bet.account_id,
            bet.event.id,
            bet.outcome,
            bet.odds,
            bet.stake_minor,
            account.currency,
            BET_OPEN,
            bet.now
        ],
    )?;
    let id = tx.last_insert_rowid();
    let view = bets_where(&tx, "b.id = ?1", id)?
        .into_iter()
        .next()
        .ok_or(BetError::Db(rusqlite::Error::QueryReturnedNoRows))?;
    let mut history = crate::db::games::Spin {
        id: 0,
        // Not a catalogue game: the label names what the bet is on.
        game_id: 0,
        currency: account.currency.clone(),
        bet: bet.stake_minor,
        win: 0,
        created_at: bet.now,
        is_settled: false,
        label: Some(format!("Sportsbook: {}", bet.event.name())),
    };
    history.id = crate::db::games::add_bet(&tx, bet.player_id, &history)?;
    tx.commit()?;
    Ok(Placed {
        account,
        bet: view,
        history,
    })
}

/// The player's bets, newest first.
pub fn bets(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<BetView>> {
    bets_where(conn, "b.player_id = ?1", player_id)
}

fn bets_where(conn: &Connection, filter: &str, arg: i64) -> rusqlite::Result<Vec<BetView>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT b.id, b.event_id, e.home, e.away, b.outcome, b.odds, b.stake, b.currency,
                b.account_id, b.status, b.created_at, c.subunit_to_unit
         FROM sport_bets b JOIN sport_events e ON e.id = b.event_id
         JOIN currencies c ON c.code = b.currency
         WHERE {filter} ORDER BY b.id DESC LIMIT 50"
    ))?;
    let rows = stmt.query_map([arg], |r| {
        let home: String = r.get(2)?;
        let away: String = r.get(3)?;
        let odds: i64 = r.get(5)?;
        let stake: i64 = r.get(6)?;
        let sub: i64 = r.get(11)?;
        Ok(BetView {
            id: r.get(0)?,
            event_id: r.get(1)?,
            event_name: format!("{home} - {away}"),
            outcome: r.get(4)?,
            odds: crate::money::format_minor(odds, 100),
            stake: crate::money::format_minor(stake, sub),
            potential_win: crate::money::format_minor(
                i64::try_from(i128::from(stake) * i128::from(odds) / 100).unwrap_or(i64::MAX),
                sub,
            ),
            currency: r.get(7)?,
            account_id: r.get(8)?,
            status: r.get(9)?,
            created_at: r.get(10)?,
        })
    })?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32: a sportsbook token lives [`TOKEN_TTL_SECS`], then the widget must ask again.
    #[test]
    fn a_sportsbook_token_ends_after_its_life() {
        let conn = crate::db::with_open_session();
        insert_token(&conn, "tok", 1, 1, "en", 1, 1).unwrap();
        let age = |secs: i64| {
            conn.execute(
                "UPDATE sport_tokens SET created_at = ?1",
                [crate::db::now() - secs],
            )
            .unwrap();
            token(&conn, "tok").unwrap().is_some()
        };
        assert!(age(TOKEN_TTL_SECS - 60), "live a minute before its end");
        assert!(!age(TOKEN_TTL_SECS + 1), "ended a second after");
        assert_eq!(TOKEN_TTL_SECS, 15 * 60, "docs/API.md says 15 minutes");
    }
}
