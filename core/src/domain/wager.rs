//! wager (to be written).
