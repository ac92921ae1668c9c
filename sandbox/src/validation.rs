//! Server-side field rules of SPEC §5. The client validates too; the server must not trust it.

/// A pragmatic address check: one `@`, a sane local part, a dotted domain with a letter TLD.
pub fn is_email(value: &str) -> bool {
    if value.len() > 254 || value.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

pub const PASSWORD_MIN: usize = 8;
/// Keeps argon2 input bounded.
pub const PASSWORD_MAX: usize = 128;

/// Message for a password that breaks the length rules, if any.
pub fn password_problem(value: &str, field_label: &str) -> Option<String> {
    let n = value.chars().count();
    if n < PASSWORD_MIN {
        Some(format!(
            "The {field_label} must be at least {PASSWORD_MIN} characters."
        ))
    } else if n > PASSWORD_MAX {
        Some(format!(
            "The {field_label} may not be greater than {PASSWORD_MAX} characters."
        ))
    } else {
        None
    }
}

/// Nickname: 3 to 24 of letters, digits, underscore, hyphen.
pub fn nickname_problem(value: &str) -> Option<&'static str> {
    let n = value.chars().count();
    if !(3..=24).contains(&n) {
        Some("The nickname must be between 3 and 24 characters.")
    } else if !value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        Some("The nickname may only contain letters, numbers, dashes and underscores.")
    } else {
        None
    }
}

/// Longest stored free text without a tighter rule of its own (a trigger, a subject, a
/// message line): one rule for every stored text, so no field stores 100,000 characters.
pub const TEXT_MAX: usize = 255;
/// First and last names, as the profile form says (`max:50`).
pub const NAME_MAX: usize = 50;

/// "The {label} may not be greater than {max} characters." when `value` is longer.
pub fn too_long(value: &str, max: usize, label: &str) -> Option<String> {
    (value.chars().count() > max)
        .then(|| format!("The {label} may not be greater than {max} characters."))
}

/// The first `max` characters: for text a third party hands us (a social profile's name),
/// which is stored shortened rather than refused.
pub fn clip(value: &str, max: usize) -> String {
    value.chars().take(max).collect()
}

/// A return address fit for a `Location` header: visible ASCII only (anything else is
/// percent-encoded in a real URL), so a newline is a 400 rather than a failed redirect.
pub fn is_plain_url(value: &str) -> bool {
    !value.is_empty() && value.len() <= 2048 && value.bytes().all(|b| (0x21..0x7f).contains(&b))
}

/// Phone: leading plus, then 3 to 20 digits (calling code plus a 2..17-digit national number);
/// spaces, dashes and parentheses are tolerated as separators.
pub fn is_phone(value: &str) -> bool {
    let Some(rest) = value.strip_prefix('+') else {
        return false;
    };
    if value.len() > 250 {
        return false;
    }
    if !rest
        .chars()
        .all(|c| c.is_ascii_digit() || " -()".contains(c))
    {
        return false;
    }
    let digits = rest.chars().filter(char::is_ascii_digit).count();
    (3..=20).contains(&digits)
}

/// A Brazilian CPF: 11 digits (dots and a dash allowed) with both check digits right, not one
/// digit repeated.
pub fn is_cpf(value: &str) -> bool {
    if !value
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
    {
        return false;
    }
    let d: Vec<u32> = value.chars().filter_map(|c| c.to_digit(10)).collect();
    if d.len() != 11 || d.iter().all(|x| *x == d[0]) {
        return false;
    }
    let check = |n: usize| {
        let sum: u32 = (0..n).map(|i| d[i] * (n as u32 + 1 - i as u32)).sum();
        (sum * 10 % 11) % 10
    };
    check(9) == d[9] && check(10) == d[10]
}

/// Yes-style values of SPEC §5 (`accepted`): true, 1, "1", "yes", "on", "true".
pub fn is_accepted(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Bool(b) => *b,
        serde_json::Value::Number(n) => n.as_i64() == Some(1),
        serde_json::Value::String(s) => {
            matches!(
                s.trim().to_ascii_lowercase().as_str(),
                "1" | "yes" | "on" | "true"
            )
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn emails() {
        for ok in ["a@b.co", "first.last+tag@example.com", "x_y@sub.domain.org"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "",
            "plain",
            "@b.co",
            "a@",
            "a@b",
            "a@b.c",
            "a b@c.de",
            "a..b@c.de",
            ".a@c.de",
            "a@-b.de",
            "a@b..de",
            "a@b.d3",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn passwords() {
        assert_eq!(
            password_problem("short", "password").as_deref(),
            Some("The password must be at least 8 characters.")
        );
        assert_eq!(password_problem("12345678", "password"), None);
        assert!(password_problem(&"x".repeat(129), "password").is_some());
    }

    #[test]
    fn nicknames() {
        assert_eq!(nickname_problem("ace_of-spades9"), None);
        assert!(nickname_problem("ab").is_some());
        assert!(nickname_problem(&"a".repeat(25)).is_some());
        assert!(nickname_problem("bad name").is_some());
        assert!(nickname_problem("ünï").is_some());
    }

    #[test]
    fn phones() {
        assert!(is_phone("+55 11 91234-5678"));
        assert!(is_phone("+380501234567"));
        assert!(!is_phone("380501234567"));
        assert!(!is_phone("+1"));
        assert!(!is_phone("+12abc"));
    }

    #[test]
    fn accepted() {
        assert!(is_accepted(&json!(true)));
        assert!(is_accepted(&json!("yes")));
        assert!(is_accepted(&json!(1)));
        assert!(!is_accepted(&json!(false)));
        assert!(!is_accepted(&json!(null)));
        assert!(!is_accepted(&json!("no")));
    }
}
