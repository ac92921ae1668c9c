//! sport (to be written).
