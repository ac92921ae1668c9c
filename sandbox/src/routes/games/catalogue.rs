//! The generated game catalogue: providers, collections, features and ≥ 20,000 games, built
//! deterministically (same seed, same catalogue on every start) and held in memory; what
//! players do with games (favourites, plays, spins, bets, searches) is in SQLite
//! (`db::games`).

use std::sync::LazyLock;

pub const GAME_COUNT: usize = 20_000;
pub const PROVIDER_COUNT: usize = 160;

pub struct Provider {
    pub id: i64,
    pub identity: String,
    pub name: String,
}

pub struct Collection {
    pub id: i64,
    pub identity: &'static str,
    pub name: &'static str,
    pub is_hidden: bool,
    pub countries: &'static [&'static str],
}

pub struct Feature {
    pub id: i64,
    pub name: &'static str,
}

pub struct Game {
    pub id: i64,
    pub identity: String,
    pub name: String,
    /// Index into `providers`.
    pub provider: usize,
    /// Bit i: member of `collections[i]`.
    pub collections: u32,
    /// Bit i: has `features[i]`.
    pub features: u32,
    pub has_demo: bool,
    /// Desktop-only titles open the mobile-game modal on a phone.
    pub mobile: bool,
    /// Rank by popularity (0 = most played), the default order.
    pub rank: u32,
    /// Release order (higher = newer).
    pub released: u32,
}

pub struct Catalogue {
    pub providers: Vec<Provider>,
    pub collections: Vec<Collection>,
    pub features: Vec<Feature>,
    pub games: Vec<Game>,
}

pub static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(generate);

pub const COLLECTIONS: &[(&str, &str, bool, &[&str])] = &[
    ("popular", "Popular", false, &[]),
    ("new", "New games", false, &[]),
    ("slots", "Slots", false, &[]),
    ("live-casino", "Live casino", false, &[]),
    ("table-games", "Table games", false, &[]),
    ("jackpots", "Jackpots", false, &[]),
    ("megaways", "Megaways", false, &[]),
    ("crash", "Crash games", false, &[]),
    ("bonus-buy", "Bonus buy", false, &[]),
    ("brazil-picks", "Favoritos do Brasil", false, &["BR", "PT"]),
    ("india-picks", "India picks", false, &["IN", "BD"]),
    ("staff-test", "Staff test", true, &[]),
];
const C_POPULAR: usize = 0;
const C_NEW: usize = 1;
const C_SLOTS: usize = 2;
const C_LIVE: usize = 3;
const C_TABLE: usize = 4;
const C_JACKPOT: usize = 5;
const C_MEGAWAYS: usize = 6;
const C_CRASH: usize = 7;
const C_BUY: usize = 8;
const C_BRAZIL: usize = 9;
const C_INDIA: usize = 10;
const C_STAFF: usize = 11;

pub const FEATURES: &[&str] = &[
    "Free spins",
    "Bonus buy",
    "Megaways",
    "Jackpot",
    "Hold and win",
    "Cascading reels",
    "Cluster pays",
    "Multipliers",
];

/// Well-known titles kept verbatim (search tests and the bench's labelled queries use them).
pub const FAMOUS: &[(&str, &str)] = &[
    ("Gates of Olympus", "Pragmatic Play"),
    ("Sweet Bonanza", "Pragmatic Play"),
    ("The Dog House", "Pragmatic Play"),
    ("Big Bass Bonanza", "Pragmatic Play"),
    ("Sugar Rush", "Pragmatic Play"),
    ("Wolf Gold", "Pragmatic Play"),
    ("Book of Ra", "Novomatic"),
    ("Book of Ra Deluxe", "Novomatic"),
    ("Lucky Lady's Charm", "Novomatic"),
    ("Book of Dead", "Play'n GO"),
    ("Reactoonz", "Play'n GO"),
    ("Rise of Olympus", "Play'n GO"),
    ("Starburst", "NetEnt"),
    ("Gonzo's Quest", "NetEnt"),
    ("Dead or Alive 2", "NetEnt"),
    ("Mega Moolah", "Games Global"),
    ("Immortal Romance", "Games Global"),
    ("Bonanza Megaways", "Big Time Gaming"),
    ("Extra Chilli", "Big Time Gaming"),
    ("Wanted Dead or a Wild", "Hacksaw Gaming"),
    ("Chaos Crew", "Hacksaw Gaming"),
    ("Money Train 3", "Relax Gaming"),
    ("Jammin' Jars", "Push Gaming"),
    ("Razor Shark", "Push Gaming"),
    ("Aviator", "Spribe"),
    ("Crazy Time", "Evolution"),
    ("Lightning Roulette", "Evolution"),
    ("Monopoly Live", "Evolution"),
    ("Mental", "Nolimit City"),
    ("San Quentin", "Nolimit City"),
    ("Fire Joker", "Play'n GO"),
    ("Café Olé", "Betsoft"),
    ("Señorita Fiesta", "Betsoft"),
    ("Fruit Party", "Pragmatic Play"),
    ("Buffalo King", "Pragmatic Play"),
    ("Legacy of Dead", "Play'n GO"),
    ("Sakura Fortune", "Quickspin"),
    ("Big Bad Wolf", "Quickspin"),
    ("Vikings Go Berzerk", "Yggdrasil"),
    ("Valley of the Gods", "Yggdrasil"),
];

const REAL_PROVIDERS: &[&str] = &[
    "Pragmatic Play",
    "Novomatic",
    "Play'n GO",
    "NetEnt",
    "Games Global",
    "Big Time Gaming",
    "Hacksaw Gaming",
    "Relax Gaming",
    "Push Gaming",
    "Spribe",
    "Evolution",
    "Nolimit City",
    "Betsoft",
    "Quickspin",
    "Yggdrasil",
    "Red Tiger",
    "Thunderkick",
    "ELK Studios",
    "BGaming",
    "Playson",
    "Wazdan",
    "Endorphina",
    "Habanero",
    "Spinomenal",
    "Booongo",
    "Evoplay",
    "Ezugi",
    "Playtech",
    "Amatic",
    "EGT Digital",
];
const PROVIDER_HEADS: &[&str] = &[
    "Aurora", "Blue", "Crimson", "Delta", "Ember", "Falcon", "Golden", "Helix", "Iron", "Jade",
    "Kraken", "Lunar", "Maple", "Nova", "Onyx", "Pixel", "Quartz", "Raven", "Silver", "Titan",
    "Ultra", "Vortex", "Wild", "Xeno", "Yonder", "Zen", "Arcadia", "Bright", "Cobalt", "Dune",
];
const PROVIDER_TAILS: &[&str] = &[
    "Gaming",
    "Studios",
    "Play",
    "Games",
    "Interactive",
    "Labs",
    "Entertainment",
    "Spin",
];

const ADJECTIVES: &[&str] = &[
    "Wild",
    "Golden",
    "Lucky",
    "Mega",
    "Super",
    "Mighty",
    "Hot",
    "Crazy",
    "Royal",
    "Magic",
    "Mystic",
    "Ancient",
    "Diamond",
    "Fire",
    "Frozen",
    "Sweet",
    "Savage",
    "Dark",
    "Shining",
    "Rich",
    "Big",
    "Tiny",
    "Epic",
    "Secret",
    "Lost",
    "Hidden",
    "Sacred",
    "Wicked",
    "Jolly",
    "Fierce",
    "Cosmic",
    "Neon",
    "Turbo",
    "Midnight",
    "Electric",
    "Silver",
    "Emerald",
    "Ruby",
    "Crystal",
    "Thunder",
    "Phantom",
    "Viking",
    "Samurai",
    "Aztec",
    "Pharaoh's",
    "Dragon's",
    "Pirate's",
    "Wizard's",
    "Queen's",
    "King's",
    "Jungle",
    "Arctic",
    "Desert",
    "Ocean",
    "Candy",
    "Fruity",
    "Spicy",
    "Blazing",
    "Hyper",
    "Infinite",
    "Rapid",
    "Eternal",
    "Mayan",
    "Celtic",
    "Nordic",
    "Tribal",
    "Imperial",
    "Stellar",
    "Lunar",
    "Solar",
    "Wolf",
    "Tiger",
];
const NOUNS: &[&str] = &[
    "Fortune",
    "Treasure",
    "Riches",
    "Gems",
    "Jewels",
    "Gold",
    "Coins",
    "Bonanza",
    "Spins",
    "Reels",
    "Fruits",
    "Sevens",
    "Bells",
    "Stars",
    "Wilds",
    "Kingdom",
    "Empire",
    "Temple",
    "Quest",
    "Legends",
    "Tales",
    "Dragons",
    "Tigers",
    "Wolves",
    "Pirates",
    "Vikings",
    "Pharaoh",
    "Cleopatra",
    "Zeus",
    "Athena",
    "Odin",
    "Thor",
    "Anubis",
    "Ra",
    "Medusa",
    "Phoenix",
    "Unicorn",
    "Panda",
    "Buffalo",
    "Eagle",
    "Lion",
    "Shark",
    "Octopus",
    "Mermaid",
    "Genie",
    "Wizard",
    "Witch",
    "Vampire",
    "Zombie",
    "Cowboy",
    "Bandit",
    "Heist",
    "Carnival",
    "Fiesta",
    "Safari",
    "Rodeo",
    "Circus",
    "Express",
    "Rush",
    "Blast",
    "Storm",
    "Strike",
    "Fever",
    "Frenzy",
    "Mania",
    "Party",
    "Jackpot",
    "Vault",
    "Mine",
    "Rocket",
    "Galaxy",
    "Planet",
    "Moon",
    "Sun",
    "Rainbow",
    "Clover",
    "Horseshoe",
    "Pot",
    "Lamp",
    "Crown",
    "Sword",
    "Shield",
    "Hammer",
    "Scarab",
    "Lotus",
    "Bamboo",
    "Koi",
    "Cherry",
    "Melon",
    "Lemon",
    "Grapes",
    "Bison",
];
const PLACES: &[&str] = &[
    "Olympus",
    "Egypt",
    "Atlantis",
    "Valhalla",
    "Asgard",
    "Rome",
    "Babylon",
    "Persia",
    "Troy",
    "Sparta",
    "Eldorado",
    "Avalon",
    "Camelot",
    "Macau",
    "Vegas",
    "Rio",
    "Havana",
    "Tokyo",
    "Shanghai",
    "Mumbai",
    "Cairo",
    "Athens",
    "the Nile",
    "the Amazon",
    "the Deep",
    "the Gods",
    "the Dead",
    "the Sun",
    "the Moon",
    "the Wild",
    "Dragons",
    "Riches",
    "Fortune",
    "Gold",
];
const SUFFIXES: &[&str] = &[
    "Megaways",
    "Deluxe",
    "Hold and Win",
    "Xmas",
    "Dream Drop",
    "1000",
    "Extreme",
    "Power",
    "Ultra",
    "Max",
    "Gold",
    "Bonus Buy",
    "2",
    "3",
    "Remastered",
    "Cash Collect",
    "Scratch",
];
const TABLE: &[&str] = &[
    "Roulette",
    "Blackjack",
    "Baccarat",
    "Poker",
    "Sic Bo",
    "Dragon Tiger",
    "Craps",
    "Andar Bahar",
    "Teen Patti",
    "Hi-Lo",
    "Keno",
    "Bingo",
    "Video Poker",
    "Wheel",
];
const TABLE_HEADS: &[&str] = &[
    "European",
    "American",
    "French",
    "Speed",
    "Lightning",
    "VIP",
    "Classic",
    "Multihand",
    "Turbo",
    "Golden",
    "Mini",
    "Premium",
    "Instant",
    "Auto",
    "Double Ball",
    "Quantum",
];

/// splitmix64: small, fast and deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.below(list.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Lowercase ASCII slug; accented Latin letters lose their accent.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let c = fold(c);
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if c != '\'' && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

fn fold(c: char) -> char {
    match c {
        'à'..='å' | 'À'..='Å' => 'a',
        'ç' | 'Ç' => 'c',
        'è'..='ë' | 'È'..='Ë' => 'e',
        'ì'..='ï' | 'Ì'..='Ï' => 'i',
        'ñ' | 'Ñ' => 'n',
        'ò'..='ö' | 'Ò'..='Ö' | 'ø' => 'o',
        'ù'..='ü' | 'Ù'..='Ü' => 'u',
        _ => c,
    }
}

fn generate() -> Catalogue {
    let mut rng = Rng(0x00C0_FFEE_CA51_0011);
    let mut provider_names: Vec<String> = REAL_PROVIDERS.iter().map(|s| s.to_string()).collect();
    while provider_names.len() < PROVIDER_COUNT {
        let name = format!("{} {}", rng.pick(PROVIDER_HEADS), rng.pick(PROVIDER_TAILS));
        if !provider_names.contains(&name) {
            provider_names.push(name);
        }
    }
    let providers: Vec<Provider> = provider_names
        .into_iter()
        .enumerate()
        .map(|(i, name)| Provider {
            id: i as i64 + 1,
            identity: slug(&name),
            name,
        })
        .collect();
    let collections = COLLECTIONS
        .iter()
        .enumerate()
        .map(|(i, (identity, name, hidden, countries))| Collection {
            id: i as i64 + 1,
            identity,
            name,
            is_hidden: *hidden,
            countries,
        })
        .collect();
    let features = FEATURES
        .iter()
        .enumerate()
        .map(|(i, name)| Feature {
            id: i as i64 + 1,
            name,
        })
        .collect();

    let mut seen = std::collections::HashSet::new();
    let mut games: Vec<Game> = Vec::with_capacity(GAME_COUNT);
    let provider_of = |name: &str| REAL_PROVIDERS.iter().position(|p| *p == name).unwrap_or(0);
    for (name, provider) in FAMOUS {
        seen.insert(slug(name));
        games.push(game_of(
            &mut rng,
            games.len(),
            name.to_string(),
            provider_of(provider),
            0,
        ));
    }
    while games.len() < GAME_COUNT {
        let kind = rng.below(100);
        let name = match kind {
            0..=29 => format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
            30..=44 => format!("{} of {}", rng.pick(NOUNS), rng.pick(PLACES)),
            45..=54 => format!("Book of {}", rng.pick(NOUNS)),
            55..=74 => format!(
                "{} {} {}",
                rng.pick(ADJECTIVES),
                rng.pick(NOUNS),
                rng.pick(SUFFIXES)
            ),
            75..=84 => format!("{} {}", rng.pick(NOUNS), rng.pick(NOUNS)),
            85..=93 => format!("{} {}", rng.pick(TABLE_HEADS), rng.pick(TABLE)),
            _ => format!(
                "{} {} {}",
                rng.pick(NOUNS),
                rng.pick(PLACES),
                rng.pick(SUFFIXES)
            ),
        };
        let identity = slug(&name);
        if identity.is_empty() || !seen.insert(identity) {
            continue;
        }
        let provider = rng.below(PROVIDER_COUNT);
        let table = (85..=93).contains(&kind);
        games.push(game_of(
            &mut rng,
            games.len(),
            name,
            provider,
            if table { 1 } else { 0 },
        ));
    }
    // Popularity: the famous titles first, the rest shuffled by the generator.
    let mut order: Vec<usize> = (FAMOUS.len()..games.len()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    for (rank, &g) in order.iter().enumerate() {
        games[g].rank = (rank + FAMOUS.len()) as u32;
    }
    for g in games.iter_mut() {
        if g.rank < 300 {
            g.collections |= 1 << C_POPULAR;
        }
        if g.released as usize >= GAME_COUNT - 240 {
            g.collections |= 1 << C_NEW;
        }
    }
    // The catalogue is listed by popularity.
    games.sort_by_key(|g| g.rank);
    Catalogue {
        providers,
        collections,
        features,
        games,
    }
}

fn game_of(rng: &mut Rng, index: usize, name: String, provider: usize, table: u8) -> Game {
    let lower = name.to_ascii_lowercase();
    let mut collections = 0u32;
    let mut features = 0u32;
    let live = table == 1 && rng.chance(55);
    if lower.contains("aviator") || lower.contains("rocket") && rng.chance(50) {
        collections |= 1 << C_CRASH;
    } else if live
        || lower.contains("crazy time")
        || lower.contains("lightning")
        || lower.contains("monopoly")
    {
        collections |= 1 << C_LIVE;
    } else if table == 1 {
        collections |= 1 << C_TABLE;
    } else {
        collections |= 1 << C_SLOTS;
        if rng.chance(70) {
            features |= 1 << 0;
        }
        if lower.contains("bonus buy") || rng.chance(25) {
            features |= 1 << 1;
            collections |= 1 << C_BUY;
        }
        if lower.contains("megaways") {
            features |= 1 << 2;
            collections |= 1 << C_MEGAWAYS;
        }
        if lower.contains("jackpot") || lower.contains("moolah") || rng.chance(6) {
            features |= 1 << 3;
            collections |= 1 << C_JACKPOT;
        }
        if lower.contains("hold and win") || rng.chance(10) {
            features |= 1 << 4;
        }
        if rng.chance(20) {
            features |= 1 << 5;
        }
        if rng.chance(8) {
            features |= 1 << 6;
        }
        if rng.chance(30) {
            features |= 1 << 7;
        }
    }
    if rng.chance(2) {
        collections |= 1 << C_BRAZIL;
    }
    if rng.chance(2) {
        collections |= 1 << C_INDIA;
    }
    if index % 500 == 7 {
        collections |= 1 << C_STAFF;
    }
    Game {
        id: index as i64 + 1,
        identity: slug(&name),
        name,
        provider,
        collections,
        features,
        // Live tables have no demo (demo-unavailable).
        has_demo: collections & (1 << C_LIVE) == 0,
        mobile: !rng.chance(3),
        rank: index as u32,
        released: rng.below(GAME_COUNT) as u32,
    }
}

impl Catalogue {
    pub fn game(&self, key: &str) -> Option<&Game> {
        match key.parse::<i64>() {
            Ok(id) => self.games.iter().find(|g| g.id == id),
            Err(_) => self.games.iter().find(|g| g.identity == key),
        }
    }

    pub fn collection(&self, identity: &str) -> Option<(usize, &Collection)> {
        self.collections
            .iter()
            .enumerate()
            .find(|(_, c)| c.identity == identity)
    }

    pub fn provider(&self, key: &str) -> Option<(usize, &Provider)> {
        self.providers
            .iter()
            .enumerate()
            .find(|(_, p)| p.identity == key || p.id.to_string() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_big_unique_and_stable() {
        let c = &*CATALOGUE;
        assert_eq!(c.games.len(), GAME_COUNT);
        assert_eq!(c.providers.len(), PROVIDER_COUNT);
        let mut ids: Vec<&str> = c.games.iter().map(|g| g.identity.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GAME_COUNT);
        assert_eq!(c.games[0].name, "Gates of Olympus");
        assert_eq!(slug("Café Olé"), "cafe-ole");
        assert_eq!(slug("Play'n GO"), "playn-go");
    }
}
