//! money (to be written).
