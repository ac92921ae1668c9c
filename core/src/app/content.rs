//! Localized text. English is built in, so the product reads well before (or without) the
//! content service; other locales arrive as content groups (SPEC §7) and override these keys.
//! Groups: alerts, fields-settings, global-components, layout, modals.

pub const DEFAULT_EN: &[(&str, &str)] = &[
    // layout
    ("layout.brand", "Croupier"),
    ("layout.signIn", "Sign in"),
    ("layout.signUp", "Sign up"),
    ("layout.signOut", "Sign out"),
    ("layout.menu", "Menu"),
    ("layout.close", "Close"),
    ("layout.nav.home", "Home"),
    ("layout.nav.casino", "Casino"),
    ("layout.nav.sport", "Sport"),
    ("layout.nav.bonuses", "Bonuses"),
    ("layout.nav.wallet", "Wallet"),
    ("layout.nav.support", "Support"),
    ("layout.footer.responsible", "Play responsibly. 18+ only."),
    ("layout.footer.rights", "© Croupier. All rights reserved."),
    (
        "layout.footer.licence",
        "Games of chance can be addictive. Set limits and take breaks.",
    ),
    ("layout.home.title", "Your table is ready"),
    (
        "layout.home.subtitle",
        "Thousands of games, live sport and fast payouts in fiat and crypto.",
    ),
    ("layout.home.cta", "Create account"),
    ("layout.home.welcomeBack", "Welcome back, {name}"),
    ("layout.home.balanceTitle", "Active balance"),
    ("layout.loading", "Loading…"),
    // wallet accounts
    ("global-components.accounts.title", "Your accounts"),
    ("global-components.accounts.active", "Active"),
    ("global-components.accounts.switch", "Make active"),
    ("global-components.accounts.hide", "Hide"),
    ("global-components.accounts.add", "Add account"),
    ("global-components.accounts.addButton", "Add"),
    (
        "global-components.accounts.noneLeft",
        "You have an account in every currency.",
    ),
    ("global-components.accounts.switcher", "Switch account"),
    // modals
    ("modals.signIn.title", "Sign in"),
    ("modals.signIn.submit", "Sign in"),
    ("modals.signIn.noAccount", "No account yet?"),
    ("modals.signUp.title", "Create your account"),
    ("modals.signUp.submit", "Sign up"),
    ("modals.signUp.haveAccount", "Already have an account?"),
    // fields
    ("fields-settings.email.label", "E-mail"),
    ("fields-settings.email.placeholder", "you@example.com"),
    ("fields-settings.password.label", "Password"),
    (
        "fields-settings.password.placeholder",
        "At least 8 characters",
    ),
    ("fields-settings.currency.label", "Currency"),
    ("fields-settings.currency.placeholder", "Choose a currency"),
    (
        "fields-settings.agreements.label",
        "I am over 18 and accept the Terms and Conditions and the Privacy Policy",
    ),
    // alerts
    ("alerts.signedIn", "Signed in"),
    ("alerts.signedUp", "Welcome to Croupier!"),
    ("alerts.signedUpDescription", "Your account is ready."),
    ("alerts.signedOut", "Signed out"),
    (
        "alerts.sessionExpired",
        "Your session has ended. Please sign in again.",
    ),
    ("alerts.accountAdded", "Account added"),
    ("alerts.accountSwitched", "Active account changed"),
    ("alerts.accountHidden", "Account hidden"),
    ("alerts.somethingWrong", "Something went wrong"),
    (
        "alerts.network",
        "Cannot reach the server. Check your connection and try again.",
    ),
];

/// The text for `key` in English, if we ship one.
pub fn en(key: &str) -> Option<&'static str> {
    DEFAULT_EN.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// `en(key)` or the key itself, so a missing text is visible rather than blank.
pub fn text(key: &str) -> String {
    en(key).unwrap_or(key).to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_unique_and_grouped() {
        let groups = [
            "alerts.",
            "fields-settings.",
            "global-components.",
            "layout.",
            "modals.",
        ];
        for (i, (k, v)) in super::DEFAULT_EN.iter().enumerate() {
            assert!(
                groups.iter().any(|g| k.starts_with(g)),
                "{k} is in no content group"
            );
            assert!(!v.is_empty());
            assert!(
                super::DEFAULT_EN[i + 1..].iter().all(|(o, _)| o != k),
                "{k} twice"
            );
        }
    }
}
