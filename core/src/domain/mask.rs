//! mask (to be written).
