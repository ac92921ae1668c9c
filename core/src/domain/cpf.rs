//! Brazilian CPF (Cadastro de Pessoas Físicas) numbers for the `cpf_number` rule (SPEC §5):
//! 11 digits whose last two are check digits; numbers made of one repeated digit are refused.

/// Number of digits of a CPF.
pub const CPF_LEN: usize = 11;

/// The 11 digits of a CPF written plain (`12345678909`) or masked (`123.456.789-09`).
/// Only ASCII digits, dots, one hyphen and surrounding whitespace are tolerated, and the
/// masked form must put them in the standard places. `None` for anything else.
pub fn digits(text: &str) -> Option<[u8; CPF_LEN]> {
    let text = text.trim();
    let bytes = text.as_bytes();
    let plain = bytes.len() == CPF_LEN && bytes.iter().all(u8::is_ascii_digit);
    let masked = bytes.len() == 14
        && bytes.iter().enumerate().all(|(i, b)| match i {
            3 | 7 => *b == b'.',
            11 => *b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !plain && !masked {
        return None;
    }
    let mut out = [0u8; CPF_LEN];
    let mut n = 0;
    for b in bytes.iter().filter(|b| b.is_ascii_digit()) {
        *out.get_mut(n)? = b - b'0';
        n += 1;
    }
    (n == CPF_LEN).then_some(out)
}

/// The check digit over `digits` with weights counting down from `digits.len() + 1`.
fn check_digit(digits: &[u8]) -> u8 {
    let len = digits.len() as u32;
    let mut sum = 0u32;
    for (i, d) in digits.iter().enumerate() {
        sum += u32::from(*d) * (len + 1 - i as u32);
    }
    let rest = (sum * 10) % 11;
    if rest == 10 {
        0
    } else {
        rest as u8
    }
}

/// A valid CPF: 11 digits (plain or masked), both check digits right, not one repeated digit.
pub fn is_valid(text: &str) -> bool {
    let Some(d) = digits(text) else {
        return false;
    };
    if d.iter().all(|x| *x == d[0]) {
        return false;
    }
    check_digit(&d[..9]) == d[9] && check_digit(&d[..10]) == d[10]
}

/// Formats 11 digits as `000.000.000-00`; `None` unless the input holds exactly 11 digits.
pub fn format(text: &str) -> Option<String> {
    let d = digits(text)?;
    let s: String = d.iter().map(u8::to_string).collect();
    Some(format!(
        "{}.{}.{}-{}",
        s.get(0..3)?,
        s.get(3..6)?,
        s.get(6..9)?,
        s.get(9..11)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpf_cases() {
        for (cpf, ok) in [
            ("123.456.789-09", true),
            ("12345678909", true),
            (" 529.982.247-25 ", true),
            ("52998224725", true),
            ("111.444.777-35", true),
            ("123.456.789-08", false),
            ("123.456.789-19", false),
            ("12345678900", false),
            ("000.000.000-00", false),
            ("11111111111", false),
            ("99999999999", false),
            ("1234567890", false),
            ("123456789090", false),
            ("123-456-789.09", false),
            ("123.456.78909", false),
            ("abc.def.ghi-jk", false),
            ("１２３４５６７８９０９", false),
            ("", false),
        ] {
            assert_eq!(is_valid(cpf), ok, "{cpf:?}");
        }
        assert_eq!(format("12345678909").as_deref(), Some("123.456.789-09"));
        assert_eq!(format("123"), None);
    }

    #[test]
    fn check_digit_zero_when_rest_is_ten() {
        // 100.000.001-?: first check digit computes rest 10 -> 0 (covered by the branch).
        let d = [1, 0, 0, 0, 0, 0, 0, 0, 1];
        let c = check_digit(&d);
        assert!(c <= 9);
    }
}
