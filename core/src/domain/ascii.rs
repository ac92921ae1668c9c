//! Byte checks as a plain loop: `str::bytes().all(..)` instantiates its `try_fold` per
//! closure; this loop exists once and calls the check through a function pointer (smaller in
//! the wasm, docs/ARCHITECTURE.md "Size").

/// Whether every byte of `s` passes `ok` (true for an empty `s`).
pub fn all_bytes(s: &str, ok: fn(u8) -> bool) -> bool {
    for b in s.bytes() {
        if !ok(b) {
            return false;
        }
    }
    true
}
