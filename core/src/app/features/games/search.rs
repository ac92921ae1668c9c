//! The in-client game search (issue 11): every keystroke, over the whole catalogue, tolerant
//! of typos, accents and word order, games and providers both.
//!
//! The index is plain data built once when the catalogue arrives: the distinct words of all
//! names (folded: ASCII lowercase, Latin accents dropped) in one byte buffer, and for each word
//! the games whose name holds it (postings). A query is folded and split the same way; each
//! query word is scored against the vocabulary (a few thousand words: exact, prefix, one or two
//! edits), and the matching words' postings add up per game. A game must match every query
//! word (through its name or its provider's name); ties go to the catalogue's popularity order
//! and then the shorter name ("book of ra" puts Book of Ra before Book of Ra Deluxe, and Book
//! of Dead not at all).

/// Longest query looked at (characters) and most words: a 300-character paste answers as fast
/// as a short one.
pub const MAX_QUERY: usize = 64;
pub const MAX_WORDS: usize = 6;

/// Match strength of a query word against an indexed word.
const EXACT: u16 = 100;
const PREFIX: u16 = 70;
const TYPO: u16 = 45;
const TYPO_PREFIX: u16 = 35;
/// A query word matched by the game's provider rather than its name.
const BY_PROVIDER: u16 = 30;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Index {
    /// Distinct folded words, back to back; `ends[i]` is the end of word i.
    words: Vec<u8>,
    ends: Vec<u32>,
    /// Games holding word i: `post[post_ends[i-1]..post_ends[i]]`.
    post: Vec<u32>,
    post_ends: Vec<u32>,
    /// Folded name length per game (ties: shorter first).
    name_len: Vec<u16>,
    /// Provider per game, and each provider's folded words (index into `words`).
    game_provider: Vec<u16>,
    provider_words: Vec<Vec<u32>>,
}

/// `c` folded for search: ASCII lowercase, accented Latin letters without the accent; other
/// characters as they are (no Unicode case tables in the wasm).
pub fn fold_char(c: char) -> char {
    match c {
        'A'..='Z' => c.to_ascii_lowercase(),
        'à'..='å' | 'À'..='Å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'Ç' | 'ć' | 'č' => 'c',
        'è'..='ë' | 'È'..='Ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ì'..='ï' | 'Ì'..='Ï' | 'ı' => 'i',
        'ñ' | 'Ñ' | 'ń' => 'n',
        'ò'..='ö' | 'Ò'..='Ö' | 'ø' | 'Ø' | 'ő' => 'o',
        'ù'..='ü' | 'Ù'..='Ü' | 'ű' | 'ů' => 'u',
        'ý' | 'ÿ' => 'y',
        'ß' => 's',
        'ś' | 'š' | 'ş' => 's',
        'ž' | 'ź' | 'ż' => 'z',
        'ł' | 'Ł' => 'l',
        _ => c,
    }
}

/// `query`'s first `MAX_QUERY` characters.
pub fn clip(query: &str) -> String {
    let mut out = String::new();
    for c in query.chars().take(MAX_QUERY) {
        out.push(c);
    }
    out
}

/// Folded words of `text`: letters and digits kept, apostrophes dropped ("Play'n" is
/// "playn"), anything else separates words.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        let f = fold_char(c);
        // Non-ASCII letters (Cyrillic, CJK, …) are kept whole: no Unicode tables in the wasm.
        if f.is_ascii_alphanumeric() || (!f.is_ascii() && !f.is_whitespace()) {
            cur.push(f);
        } else if f == '\'' || f == '’' {
            continue;
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// An index being built game by game (the catalogue is read in parts, each in its own task).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IndexBuilder {
    ix: Index,
    /// word -> id via a sorted list of (word, id): no HashMap/BTreeMap instantiation.
    lookup: Vec<(String, u32)>,
    /// (word, game) for every word of every name.
    pairs: Vec<(u32, u32)>,
}

impl IndexBuilder {
    fn intern(&mut self, w: String) -> u32 {
        match self
            .lookup
            .binary_search_by(|(k, _)| k.as_str().cmp(w.as_str()))
        {
            Ok(i) => self.lookup.get(i).map_or(0, |p| p.1),
            Err(i) => {
                let ix = &mut self.ix;
                let id = ix.ends.len() as u32;
                ix.words.extend_from_slice(w.as_bytes());
                ix.ends.push(ix.words.len() as u32);
                self.lookup.insert(i, (w, id));
                id
            }
        }
    }

    /// The next game's name (games in catalogue order).
    pub fn add(&mut self, name: &str) {
        let g = self.ix.name_len.len() as u32;
        let ws = words(name);
        let mut len = 0usize;
        for w in &ws {
            len += w.len() + 1;
        }
        self.ix.name_len.push(len.min(u16::MAX as usize) as u16);
        for w in ws {
            let id = self.intern(w);
            self.pairs.push((id, g));
        }
    }

    /// The index, with each game's provider (`providers[game_provider[i]]`).
    pub fn finish(mut self, game_provider: Vec<u16>, providers: &[&str]) -> Index {
        for p in providers {
            let ids = words(p).into_iter().map(|w| self.intern(w)).collect();
            self.ix.provider_words.push(ids);
        }
        let IndexBuilder { mut ix, pairs, .. } = self;
        // Postings by a counting sort on the word id: linear in the pairs.
        let mut counts = vec![0u32; ix.ends.len()];
        for (w, _) in &pairs {
            if let Some(c) = counts.get_mut(*w as usize) {
                *c += 1;
            }
        }
        let mut start = Vec::with_capacity(counts.len());
        let mut total = 0u32;
        for c in &counts {
            start.push(total);
            total += c;
            ix.post_ends.push(total);
        }
        ix.post = vec![0; total as usize];
        for (w, g) in &pairs {
            if let Some(at) = start.get_mut(*w as usize) {
                if let Some(slot) = ix.post.get_mut(*at as usize) {
                    *slot = *g;
                }
                *at += 1;
            }
        }
        ix.game_provider = game_provider;
        ix
    }
}

impl Index {
    /// Builds from game names and providers (`providers[game_provider[i]]`).
    pub fn build(names: &[&str], game_provider: &[u16], providers: &[&str]) -> Index {
        let mut b = IndexBuilder::default();
        for name in names {
            b.add(name);
        }
        b.finish(game_provider.to_vec(), providers)
    }

    pub fn is_empty(&self) -> bool {
        self.name_len.is_empty()
    }

    fn word(&self, i: usize) -> &[u8] {
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).copied().unwrap_or(0) as usize
        };
        let end = self.ends.get(i).copied().unwrap_or(0) as usize;
        self.words.get(start..end).unwrap_or_default()
    }

    fn postings(&self, i: usize) -> &[u32] {
        let start = if i == 0 {
            0
        } else {
            self.post_ends.get(i - 1).copied().unwrap_or(0) as usize
        };
        let end = self.post_ends.get(i).copied().unwrap_or(0) as usize;
        self.post.get(start..end).unwrap_or_default()
    }

    /// Games best first (at most `limit`) and providers whose name matches every word.
    pub fn search(&self, query: &str, limit: usize) -> (Vec<u32>, Vec<u16>) {
        let query = clip(query);
        let mut qwords = words(&query);
        qwords.truncate(MAX_WORDS);
        if qwords.is_empty() || self.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let n = self.name_len.len();
        let mut score = vec![0u16; n];
        let mut hits = vec![0u8; n];
        let mut word_score = vec![0u16; self.ends.len()];
        let mut prov_all = vec![true; self.provider_words.len()];
        for (qi, q) in qwords.iter().enumerate() {
            let q = q.as_bytes();
            let last = qi + 1 == qwords.len();
            for (w, s) in word_score.iter_mut().enumerate() {
                *s = strength(q, self.word(w), last);
            }
            // Provider matches for this word.
            let prov_score: Vec<u16> = self
                .provider_words
                .iter()
                .map(|ws| {
                    let mut best = 0u16;
                    for &w in ws {
                        best = best.max(word_score.get(w as usize).copied().unwrap_or(0));
                    }
                    best
                })
                .collect();
            for (p, s) in prov_score.iter().enumerate() {
                if *s == 0 {
                    if let Some(a) = prov_all.get_mut(p) {
                        *a = false;
                    }
                }
            }
            // Best strength per game for this word: by name, else by provider.
            let mut best = vec![0u16; n];
            for (w, &s) in word_score.iter().enumerate() {
                if s == 0 {
                    continue;
                }
                for &g in self.postings(w) {
                    if let Some(b) = best.get_mut(g as usize) {
                        *b = (*b).max(s);
                    }
                }
            }
            for g in 0..n {
                let mut b = best.get(g).copied().unwrap_or(0);
                if b == 0 {
                    let p = self.game_provider.get(g).copied().unwrap_or(0) as usize;
                    if prov_score.get(p).copied().unwrap_or(0) >= PREFIX {
                        b = BY_PROVIDER;
                    }
                }
                if b > 0 {
                    if let Some(s) = score.get_mut(g) {
                        *s = s.saturating_add(b);
                    }
                    if let Some(h) = hits.get_mut(g) {
                        *h += 1;
                    }
                }
            }
        }
        let need = qwords.len() as u8;
        let mut found: Vec<u32> = (0..n as u32)
            .filter(|&g| hits.get(g as usize).copied() == Some(need))
            .collect();
        // Nothing matches every word: the games matching all but one (a stray word).
        if found.is_empty() && need > 2 {
            found = (0..n as u32)
                .filter(|&g| hits.get(g as usize).copied() == Some(need - 1))
                .collect();
        }
        // The best `limit`, kept in order by one packed key (higher score, shorter name,
        // catalogue order): an insertion into a short list, no sort.
        let mut best: Vec<u64> = Vec::with_capacity(limit + 1);
        for g in found {
            let i = g as usize;
            let s = u64::from(u16::MAX - score.get(i).copied().unwrap_or(0));
            let len = u64::from(self.name_len.get(i).copied().unwrap_or(0) / 8);
            let key = (s << 48) | (len << 32) | u64::from(g);
            if best.len() == limit && best.last().is_some_and(|l| key > *l) {
                continue;
            }
            let at = best.partition_point(|k| *k < key);
            best.insert(at, key);
            best.truncate(limit);
        }
        let found = best.iter().map(|k| *k as u32).collect();
        let providers = (0..self.provider_words.len() as u16)
            .filter(|&p| prov_all.get(p as usize).copied().unwrap_or(false))
            .collect();
        (found, providers)
    }
}

/// How well query word `q` matches indexed word `w` (0 = not at all). Only the last query
/// word may be a prefix (it is still being typed); typos need 4+ letters (one edit) or 8+
/// (two).
fn strength(q: &[u8], w: &[u8], last: bool) -> u16 {
    if q == w {
        return EXACT;
    }
    if w.starts_with(q) {
        return if last || q.len() >= 3 { PREFIX } else { 0 };
    }
    let allowed = match q.len() {
        0..=3 => return 0,
        4..=7 => 1,
        _ => 2,
    };
    if w.len().abs_diff(q.len()) <= allowed && edits(q, w, allowed) <= allowed {
        return TYPO;
    }
    // A typo in a word still being typed: compare with the start of the word.
    if last && w.len() > q.len() {
        for cut in [q.len(), q.len() + 1, q.len().saturating_sub(1)] {
            if let Some(head) = w.get(..cut) {
                if edits(q, head, allowed) <= allowed {
                    return TYPO_PREFIX;
                }
            }
        }
    }
    0
}

/// Optimal-string-alignment distance (a swap of neighbours is one edit), stopping early once
/// every cell of a row is over `max`.
fn edits(a: &[u8], b: &[u8], max: usize) -> usize {
    let n = b.len();
    let mut prev2 = vec![0usize; n + 1];
    let mut prev: Vec<usize> = (0..=n).collect();
    let mut cur = vec![0usize; n + 1];
    for i in 1..=a.len() {
        if let Some(c) = cur.get_mut(0) {
            *c = i;
        }
        let mut row_min = i;
        let ai = a.get(i - 1).copied().unwrap_or(0);
        for j in 1..=n {
            let bj = b.get(j - 1).copied().unwrap_or(0);
            let cost = usize::from(ai != bj);
            let at = |v: &Vec<usize>, k: usize| v.get(k).copied().unwrap_or(usize::MAX / 2);
            let mut d = (at(&prev, j) + 1)
                .min(at(&cur, j - 1) + 1)
                .min(at(&prev, j - 1) + cost);
            if i > 1
                && j > 1
                && Some(ai) == b.get(j - 2).copied()
                && a.get(i - 2).copied() == Some(bj)
            {
                d = d.min(at(&prev2, j - 2) + 1);
            }
            if let Some(c) = cur.get_mut(j) {
                *c = d;
            }
            row_min = row_min.min(d);
        }
        if row_min > max {
            return max + 1;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev.get(n).copied().unwrap_or(usize::MAX)
}
