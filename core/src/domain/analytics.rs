//! analytics (to be written).
