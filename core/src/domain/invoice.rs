//! invoice (to be written).
