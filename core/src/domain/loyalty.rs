//! loyalty (to be written).
