//! names (to be written).
