//! The search index kept across visits (issue 29): the sweep's compact form (the games in the
//! index's order and their providers, not the raw `games` pages) is written to the browser's
//! IndexedDB by the runtime (`runtime/kept.rs`) when a sweep ends, read back on the next visit
//! once a games page painted (or at the first search), and the index is built from it at once.
//!
//! Keyed by what changes it: the platform the games come from (`Config::api_base`; the page's
//! origin scopes IndexedDB already) and the record's format version (the first line). Not the
//! locale: SPEC §7's `games` call takes none and the core sends no language header, so every
//! locale gets the same answer.
//!
//! Revalidation (`verdict`, `first_page_agrees`): a record younger than [`TRUST_MS`] is used
//! without a call; older, the sweep's first page (asked anyway once a games page painted: it
//! names the most played games for bonus cards) must bring the same `totalRows` and the same
//! games as the record's first page (order aside: popularity reshuffles do not change what the
//! index finds); older than [`MAX_AGE_MS`] it is swept again whatever the first page says (a
//! game renamed deep in the list shows on no first page). A stale record still answers; the
//! sweep runs again in the background once the visitor searches and replaces it when done.
//!
//! Everything here is plain data and text: storage failures, a corrupt record or an older
//! format read as "no record" and the sweep runs as it did before.

use super::catalogue::{Catalogue, Game};
use super::search::{Index, IndexBuilder};

/// The record's first line: a record of another format is not read.
pub const FORMAT: &str = "croupier-games-index 1";
/// A record this young is used without asking the platform (SPEC §9 keeps settings and
/// content 15 minutes too).
pub const TRUST_MS: u64 = 15 * 60 * 1000;
/// A record this old is swept again, whatever the first page says.
pub const MAX_AGE_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// The IndexedDB key of the index for the platform at `api_base` (empty: the page's origin).
pub fn key(api_base: &str) -> String {
    format!("games-index@{api_base}")
}

/// What the runtime does with kept records (`Effect::KeptIndex`).
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// Read the record at `key`; the runtime answers `GamesTick::Kept` with its text (`None`
    /// when absent or when storage failed, which it logs).
    Read { key: String },
    /// Write (replace) the record at `key`; a failure (quota, private mode) is logged.
    Write { key: String, text: String },
}

/// The sweep's result in its kept form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// [`key`] of the platform it came from.
    pub key: String,
    /// When the sweep ended (ms since the epoch).
    pub saved_at: u64,
    /// The first page's `meta.totalRows`.
    pub total_rows: u32,
    /// How many of `games` the first page brought.
    pub first: u32,
    /// (identity, name)
    pub providers: Vec<(String, String)>,
    /// In the index's order; `provider` is a place in `providers`.
    pub games: Vec<Game>,
}

/// How a record read back stands (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Use it, ask nothing.
    Fresh,
    /// Use it, and compare with the first page when it answers.
    Check,
    /// Use it until a new sweep replaces it.
    Stale,
}

/// The age rule: `now` against the record's `saved_at`. A clock that went back is checked.
pub fn verdict(saved_at: u64, now: u64) -> Verdict {
    match now.checked_sub(saved_at) {
        None => Verdict::Check,
        Some(age) if age < TRUST_MS => Verdict::Fresh,
        Some(age) if age < MAX_AGE_MS => Verdict::Check,
        Some(_) => Verdict::Stale,
    }
}

impl Record {
    /// The finished sweep's games (`order`, places in `cat`) and its first page's numbers.
    pub fn from_sweep(
        key: String,
        saved_at: u64,
        total_rows: u32,
        first: u32,
        order: &[u32],
        cat: &Catalogue,
    ) -> Record {
        Record {
            key,
            saved_at,
            total_rows,
            first,
            providers: cat
                .providers
                .iter()
                .map(|p| (p.identity.clone(), p.name.clone()))
                .collect(),
            games: order
                .iter()
                .filter_map(|&i| cat.games.get(i as usize).cloned())
                .collect(),
        }
    }

    /// The identities of the record's first page, sorted.
    pub fn first_identities(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .games
            .iter()
            .take(self.first as usize)
            .map(|g| g.identity.clone())
            .collect();
        ids.sort();
        ids
    }

    /// The record as text: the format line, a header line, one line per provider and per
    /// game, fields split by tabs (tabs, line ends and backslashes in them escaped).
    pub fn encode(&self) -> String {
        let mut out = String::with_capacity(64 + self.games.len() * 64);
        out.push_str(FORMAT);
        out.push('\n');
        push_field(&mut out, &self.key);
        for n in [
            self.saved_at,
            u64::from(self.total_rows),
            u64::from(self.first),
            self.providers.len() as u64,
            self.games.len() as u64,
        ] {
            out.push('\t');
            out.push_str(&n.to_string());
        }
        out.push('\n');
        for (identity, name) in &self.providers {
            push_field(&mut out, identity);
            out.push('\t');
            push_field(&mut out, name);
            out.push('\n');
        }
        for g in &self.games {
            out.push_str(&g.id.to_string());
            out.push('\t');
            push_field(&mut out, &g.identity);
            out.push('\t');
            push_field(&mut out, &g.name);
            out.push('\t');
            out.push_str(&g.provider.to_string());
            out.push('\t');
            out.push_str(&g.flags.to_string());
            out.push('\n');
        }
        out
    }

    /// The record in `text`, when it is whole, of this format and for `key`; `None` for
    /// anything else (an older format, another platform, a cut or altered record).
    pub fn decode(text: &str, key: &str) -> Option<Record> {
        let mut lines = text.split('\n');
        if lines.next()? != FORMAT {
            return None;
        }
        let head = fields(lines.next()?)?;
        let [k, saved_at, total_rows, first, providers, games] = head.as_slice() else {
            return None;
        };
        if k != key {
            return None;
        }
        let n_providers: usize = providers.parse().ok()?;
        let n_games: usize = games.parse().ok()?;
        let mut rec = Record {
            key: k.clone(),
            saved_at: saved_at.parse().ok()?,
            total_rows: total_rows.parse().ok()?,
            first: first.parse().ok()?,
            // Counts come from the record: capacity only as far as the text can hold.
            providers: Vec::with_capacity(n_providers.min(text.len() / 2)),
            games: Vec::with_capacity(n_games.min(text.len() / 6)),
        };
        for _ in 0..n_providers {
            let f = fields(lines.next()?)?;
            let [identity, name] = f.as_slice() else {
                return None;
            };
            rec.providers.push((identity.clone(), name.clone()));
        }
        for _ in 0..n_games {
            let f = fields(lines.next()?)?;
            let [id, identity, name, provider, flags] = f.as_slice() else {
                return None;
            };
            let provider: u16 = provider.parse().ok()?;
            if usize::from(provider) >= n_providers || identity.is_empty() || name.is_empty() {
                return None;
            }
            rec.games.push(Game {
                id: id.parse().ok()?,
                identity: identity.clone(),
                name: name.clone(),
                provider,
                flags: flags.parse().ok()?,
            });
        }
        // Nothing after the last game but the final line end.
        if lines.any(|l| !l.is_empty()) || rec.first as usize > rec.games.len() {
            return None;
        }
        Some(rec)
    }

    /// The record's games added to `cat` (known ones left as they are): their places, in the
    /// index's order.
    pub fn install(&self, cat: &mut Catalogue) -> Vec<u32> {
        let games = self.games.iter().filter_map(|g| {
            let (pid, pname) = self.providers.get(usize::from(g.provider))?;
            Some((g.clone(), pid.as_str(), pname.as_str()))
        });
        cat.add_games(games)
    }
}

/// The search index over `order` (places in `cat`, in the index's order), as the sweep builds
/// it.
pub fn index_of(order: &[u32], cat: &Catalogue) -> Index {
    let mut builder = IndexBuilder::default();
    let mut provs = Vec::with_capacity(order.len());
    for g in order.iter().filter_map(|&i| cat.games.get(i as usize)) {
        builder.add(&g.name);
        provs.push(g.provider);
    }
    let names: Vec<&str> = cat.providers.iter().map(|p| p.name.as_str()).collect();
    builder.finish(provs, &names)
}

/// Does the first page (`totalRows`, its games' identities) say the record still holds?
pub fn first_page_agrees(rec_total: u32, rec_first: &[String], total: u32, page: &[&str]) -> bool {
    if rec_total != total || rec_first.len() != page.len() {
        return false;
    }
    let mut ids: Vec<&str> = page.to_vec();
    ids.sort_unstable();
    ids.iter().zip(rec_first).all(|(a, b)| *a == b.as_str())
}

fn push_field(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

/// A line's tab-separated fields, unescaped; `None` for a broken escape.
fn fields(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\t' => out.push(std::mem::take(&mut cur)),
            '\\' => cur.push(match chars.next()? {
                '\\' => '\\',
                't' => '\t',
                'n' => '\n',
                'r' => '\r',
                _ => return None,
            }),
            c => cur.push(c),
        }
    }
    out.push(cur);
    Some(out)
}
