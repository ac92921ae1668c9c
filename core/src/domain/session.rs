//! session (to be written).
