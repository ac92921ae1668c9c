//! payment (to be written).
