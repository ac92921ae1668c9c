//! Localized text. The default language's texts are content data (`core/content/en.json`), so
//! the product reads well before (or without) the content service; other locales arrive as
//! content groups (SPEC §7) and override these keys. Groups: alerts, fields-settings,
//! global-components, layout, modals.

use litemap::LiteMap;

/// The built-in English texts, keyed `group.name`. Native builds (tests, tools) compile the
/// file in; the browser build leaves its ~10 KB out of the wasm: the page bundles the same
/// file and hands it over in `Config::texts`.
pub fn built_in() -> LiteMap<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::json::from_str(include_str!("../../../../content/en.json")).unwrap_or_default()
    }
    #[cfg(target_arch = "wasm32")]
    {
        LiteMap::new()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_unique_grouped_and_filled() {
        let groups = [
            "alerts.",
            "fields-settings.",
            "global-components.",
            "layout.",
            "modals.",
        ];
        let texts = super::built_in();
        assert!(texts.len() > 200, "the file did not load");
        for (k, v) in texts.iter() {
            assert!(
                groups.iter().any(|g| k.starts_with(g)),
                "{k} is in no content group"
            );
            assert!(!v.trim().is_empty(), "{k} is empty");
        }
        // A repeated key would silently replace the first one when parsed.
        let raw = include_str!("../../../../content/en.json");
        let entries = raw
            .lines()
            .filter(|l| l.trim_start().starts_with('"'))
            .count();
        assert_eq!(entries, texts.len(), "a key appears twice");
    }
}
