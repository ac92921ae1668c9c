//! A string `match` by one look-up. rustc compiles `match name { "a" => .., "b" => .. }` to a
//! `str::eq` call per arm, inlined wherever the match is (the view events' readers alone had
//! ~90 of them in the dispatch); [`by_name!`] looks the name up once, out of line, among the
//! arms' names joined in one string ([`place`]) and switches on its place (the size budget).

/// `by_name!(name, { "a" => x, "b" => y, _ => z })`: what `match name { … }` gives, for arms
/// that are each one string literal (an alternative `"a" | "b"` is two arms).
macro_rules! by_name {
    ($name:expr, { $($lit:literal => $arm:expr,)* _ => $default:expr $(,)? }) => {{
        let mut at = $crate::lookup::place($name, concat!($($lit, " ",)*));
        'arms: {
            $(
                if at == 0 {
                    break 'arms $arm;
                }
                #[allow(unused_assignments)]
                {
                    at -= 1;
                }
            )*
            $default
        }
    }};
}
pub(crate) use by_name;

/// Where `name` is among `names` (each followed by a space); past the end when absent.
#[inline(never)]
pub fn place(name: &str, names: &str) -> usize {
    names
        .split(' ')
        .position(|n| n == name)
        .unwrap_or(usize::MAX)
}
