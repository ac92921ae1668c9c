//! alert (to be written).
