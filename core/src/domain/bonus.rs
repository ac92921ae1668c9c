//! bonus (to be written).
