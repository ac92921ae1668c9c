//! cpf (to be written).
