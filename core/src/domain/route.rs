//! route (to be written).
