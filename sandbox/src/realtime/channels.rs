//! Who may subscribe to what. Private channels end in `#{playerId}` (Centrifugo's
//! user-limited channel convention); only that player may subscribe.

pub const GLOBAL_ONLINE: &str = "global:online";
pub const WALLET_ACCOUNTS: &str = "wallet:accounts";

/// Namespaces of SPEC §7 that are per player.
const PRIVATE: &[&str] = &[
    "retention:quests",
    "bonus:player-bonus-codes",
    "bonus:player-bonuses",
    "bonus:player-freespins",
    WALLET_ACCOUNTS,
    "payment:invoices",
    "game:bets",
    "game:spins",
    "retention:accounts",
    "messenger:notifications",
    "messenger:pushes",
];

/// `player` is `None` for a guest connection.
pub fn may_subscribe(channel: &str, player: Option<i64>) -> bool {
    if channel == GLOBAL_ONLINE {
        return true;
    }
    let (Some(player), Some((base, owner))) = (player, channel.split_once('#')) else {
        return false;
    };
    // The id exactly as written: "#07" or "#+7" would be aliases of "#7".
    PRIVATE.contains(&base) && owner == player.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guests_get_only_global_online() {
        assert!(may_subscribe("global:online", None));
        assert!(!may_subscribe("wallet:accounts#1", None));
    }

    #[test]
    fn players_get_their_own_channels_only() {
        assert!(may_subscribe("wallet:accounts#7", Some(7)));
        assert!(may_subscribe("messenger:pushes#7", Some(7)));
        assert!(may_subscribe("global:online", Some(7)));
        assert!(!may_subscribe("wallet:accounts#8", Some(7)));
        assert!(!may_subscribe("wallet:accounts#07x", Some(7)));
        assert!(!may_subscribe("secret:stuff#7", Some(7)));
        assert!(!may_subscribe("wallet:accounts", Some(7)));
        assert!(!may_subscribe("wallet:accounts#07", Some(7)));
        assert!(!may_subscribe("wallet:accounts#+7", Some(7)));
    }
}
