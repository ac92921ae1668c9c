//! locale (to be written).
