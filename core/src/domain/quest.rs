//! quest (to be written).
