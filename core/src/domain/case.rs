//! Unicode case mapping. In the browser the JS engine maps case (same Unicode default case
//! algorithm), so Rust's case tables (~23 KB) stay out of the wasm; natively std does it.

/// `s` in lower case.
pub fn lower(s: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::JsString::from(s).to_lower_case().into()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        s.to_lowercase()
    }
}

/// `s` in upper case.
pub fn upper(s: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::JsString::from(s).to_upper_case().into()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        s.to_uppercase()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn maps_beyond_ascii() {
        assert_eq!(super::lower("ÉCOLE Доб"), "école доб");
        assert_eq!(super::upper("straße"), "STRASSE");
    }
}
