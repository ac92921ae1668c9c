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

/// The texts with `sep` between them: std's `join` and `concat` are ~900 bytes of wasm for
/// each element type; this loop is a fraction of that.
pub fn join<S: AsRef<str>>(items: &[S], sep: &str) -> String {
    let mut out = String::new();
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(s.as_ref());
    }
    out
}

/// The texts one after another (`crate::vecs::concat(&[a, b])`).
pub fn concat(parts: &[&str]) -> String {
    join(parts, "")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loops_keep_order_and_stop_where_collect_would() {
        assert_eq!(map([1, 2, 3], |n| n * 10), [10, 20, 30]);
        assert_eq!(keep(["1", "x", "3"], |s| s.parse::<u8>().ok()), [1, 3]);
        assert_eq!(
            try_map(["1", "2"], |s| s.parse::<u8>().ok()),
            Some(vec![1, 2])
        );
        let mut seen = Vec::new();
        let none = try_map(["1", "x", "3"], |s| {
            seen.push(s);
            s.parse::<u8>().ok()
        });
        assert_eq!(none, None);
        assert_eq!(seen, ["1", "x"], "stops at the first nothing");
        assert!(map(Vec::<u8>::new(), |n| n).is_empty());
    }
}
