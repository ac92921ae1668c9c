//! notification (to be written).
