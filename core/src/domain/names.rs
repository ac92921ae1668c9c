//! Player display names (SPEC §3 "Display nickname fallback order", SPEC §9 "Email-derived
//! nickname").

/// The profile fields a display name can come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameSource<'a> {
    pub nickname: Option<&'a str>,
    pub first_name: Option<&'a str>,
    pub tg_user_id: Option<&'a str>,
    pub email: Option<&'a str>,
}

/// Shown when nothing else is known.
pub const UNKNOWN_NAME: &str = "Unknown";

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// SPEC §3 order: nickname, firstName, tgUserId, a name derived from the e-mail, else
/// "Unknown". Blank (whitespace-only) values count as absent; the chosen value is trimmed.
pub fn display_nickname(src: &NameSource) -> String {
    present(src.nickname)
        .or_else(|| present(src.first_name))
        .or_else(|| present(src.tg_user_id))
        .map(str::to_string)
        .or_else(|| present(src.email).and_then(email_nickname))
        .unwrap_or_else(|| UNKNOWN_NAME.to_string())
}

/// SPEC §9: all but the last 3 characters of the local part followed by `***`, or the first
/// character and `***` if the local part is shorter than 4 characters. Characters are Unicode
/// scalar values, so `"joão@x.com"` gives `"j***"`.
///
/// The local part is everything before the last `@` (whitespace-trimmed). `None` when there is
/// no `@` or the local part is empty.
pub fn email_nickname(email: &str) -> Option<String> {
    let email = email.trim();
    let at = email.rfind('@')?;
    let local = email.get(..at)?.trim();
    let count = local.chars().count();
    if count == 0 {
        return None;
    }
    let keep = if count < 4 { 1 } else { count - 3 };
    let mut out = String::new();
    for c in local.chars().take(keep) {
        out.push(c);
    }
    out.push_str("***");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_nickname_cases() {
        for (email, out) in [
            ("johnsmith@example.com", Some("johnsm***")),
            ("abcd@x.io", Some("a***")),
            ("abcde@x.io", Some("ab***")),
            ("abc@x.io", Some("a***")),
            ("ab@x.io", Some("a***")),
            ("a@x.io", Some("a***")),
            ("joão.silva@x.br", Some("joão.si***")),
            ("жора@x.ru", Some("ж***")),
            ("名前です君@x.jp", Some("名前***")),
            ("a@b@c.com", Some("a***")),
            ("  spaced@x.com ", Some("spa***")),
            ("@x.com", None),
            ("no-at-sign", None),
            ("", None),
        ] {
            assert_eq!(email_nickname(email).as_deref(), out, "{email:?}");
        }
    }

    #[test]
    fn display_nickname_order() {
        let full = NameSource {
            nickname: Some("Ace"),
            first_name: Some("Ann"),
            tg_user_id: Some("123"),
            email: Some("anna.k@example.com"),
        };
        assert_eq!(display_nickname(&full), "Ace");
        let no_nick = NameSource {
            nickname: Some("   "),
            ..full
        };
        assert_eq!(display_nickname(&no_nick), "Ann");
        let no_first = NameSource {
            first_name: Some(""),
            ..no_nick
        };
        assert_eq!(display_nickname(&no_first), "123");
        let no_tg = NameSource {
            tg_user_id: None,
            ..no_first
        };
        assert_eq!(display_nickname(&no_tg), "ann***");
        let no_email = NameSource {
            email: Some("broken"),
            ..no_tg
        };
        assert_eq!(display_nickname(&no_email), "Unknown");
        assert_eq!(display_nickname(&NameSource::default()), "Unknown");
        let padded = NameSource {
            nickname: Some("  Bob "),
            ..NameSource::default()
        };
        assert_eq!(display_nickname(&padded), "Bob");
    }
}
