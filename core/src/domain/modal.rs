//! modal (to be written).
