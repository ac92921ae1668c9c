//! geo (to be written).
