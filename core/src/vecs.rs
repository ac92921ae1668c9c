//! Building vectors with a plain loop. `Iterator::collect` instantiates its specialised
//! machinery (`from_iter`, `extend_desugared`, `fold`) per call site; these loops are a
//! fraction of that code in the wasm (docs/ARCHITECTURE.md "Size").

/// `f` of every item.
pub fn map<I: IntoIterator, U>(items: I, mut f: impl FnMut(I::Item) -> U) -> Vec<U> {
    let mut out = Vec::new();
    for x in items {
        out.push(f(x));
    }
    out
}

/// `f` of every item, where it gives something.
pub fn keep<I: IntoIterator, U>(items: I, mut f: impl FnMut(I::Item) -> Option<U>) -> Vec<U> {
    let mut out = Vec::new();
    for x in items {
        if let Some(u) = f(x) {
            out.push(u);
        }
    }
    out
}

/// `f` of every item, or `None` if it gives nothing for one (the first such stops the loop).
pub fn try_map<I: IntoIterator, U>(
    items: I,
    mut f: impl FnMut(I::Item) -> Option<U>,
) -> Option<Vec<U>> {
    let mut out = Vec::new();
    for x in items {
        out.push(f(x)?);
    }
    Some(out)
}
