//! limit (to be written).
