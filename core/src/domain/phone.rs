//! phone (to be written).
