//! bonus_code (to be written).
