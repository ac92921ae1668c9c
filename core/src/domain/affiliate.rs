//! affiliate (to be written).
