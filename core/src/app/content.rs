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
    // realtime pushes (SPEC §8 "Game max bet exceeded")
    ("alerts.maxBetExceeded", "Bet too high"),
    (
        "alerts.maxBetExceededDescription",
        "The maximum bet is {amount} {currency}.",
    ),
    // shell: layout chrome, pages, error page (issue 5)
    ("layout.skipToContent", "Skip to content"),
    ("layout.language", "Language"),
    ("layout.drawer.collapse", "Collapse menu"),
    ("layout.drawer.expand", "Expand menu"),
    ("layout.nav.providers", "Providers"),
    ("layout.nav.live", "Live"),
    ("layout.nav.welcomePackage", "Welcome package"),
    ("layout.nav.favorites", "Favourites"),
    ("layout.nav.recentlyPlayed", "Recently played"),
    ("layout.nav.referral", "Refer a friend"),
    ("layout.nav.questions", "FAQ"),
    ("layout.nav.contact", "Contact us"),
    ("layout.nav.profile", "Profile"),
    ("layout.footer.links", "Site links"),
    ("layout.footer.terms", "Terms and Conditions"),
    ("layout.footer.privacy", "Privacy Policy"),
    ("layout.footer.responsibleGaming", "Responsible gaming"),
    ("layout.error.title", "Something went wrong"),
    (
        "layout.error.text",
        "The page you are trying to access does not exist or has been moved. Try going back to our homepage.",
    ),
    ("layout.error.home", "Homepage"),
    ("layout.error.status", "Error {status}"),
    ("layout.pending", "This section opens soon."),
    ("layout.pages.index", "Home"),
    ("layout.pages.wallet", "Wallet"),
    ("layout.pages.wallet-history", "Wallet history"),
    ("layout.pages.bonuses", "Bonuses"),
    ("layout.pages.contact", "Contact us"),
    ("layout.pages.profile", "Profile"),
    ("layout.pages.profile-info", "Profile information"),
    ("layout.pages.profile-limits", "Limits"),
    ("layout.pages.profile-personal", "Personal details"),
    ("layout.pages.profile-sessions", "Sessions"),
    ("layout.pages.profile-settings", "Settings"),
    ("layout.pages.profile-settings-account", "Account settings"),
    (
        "layout.pages.profile-settings-notifications",
        "Notification settings",
    ),
    ("layout.pages.profile-bonuses", "My bonuses"),
    ("layout.pages.support", "Support"),
    ("layout.pages.referral", "Referral program"),
    ("layout.pages.questions", "Questions and answers"),
    ("layout.pages.questions-pageIdentity", "Question"),
    ("layout.pages.games", "Games"),
    ("layout.pages.games-providers", "Game providers"),
    ("layout.pages.games-id", "Game collection"),
    ("layout.pages.game-id", "Game"),
    ("layout.pages.bonus-pageIdentity", "Bonus"),
    ("layout.pages.static-pageIdentity", "Information"),
    ("layout.pages.sport-slug", "Sport"),
    ("layout.pages.welcome-package", "Welcome package"),
    ("layout.pages.favorites", "Favourite games"),
    ("layout.pages.recently-played", "Recently played"),
    ("layout.pages.auth-autologin", "Signing you in"),
    (
        "layout.pages.auth-social-connection-callback",
        "Connecting your account",
    ),
    ("layout.pages.redirect", "Redirecting"),
    ("layout.pages.verify-confirmCode", "E-mail confirmation"),
    ("layout.pages.password-reset-resetCode", "Reset your password"),
    ("layout.pages.slug", "Page"),
    ("layout.passwordReset.text", "Choose a new password for your account."),
    ("layout.passwordReset.open", "Choose a new password"),
    // modal titles by identifier (SPEC §2), and the password flows
    ("modals.pending", "This feature opens soon."),
    ("modals.add-limit.title", "Add a limit"),
    ("modals.affiliate-program.title", "Affiliate program"),
    ("modals.avatars.title", "Choose an avatar"),
    ("modals.bonus-cancel-lock.title", "This bonus cannot be cancelled"),
    ("modals.bonus-condition.title", "Bonus conditions"),
    ("modals.bonus-details.title", "Bonus details"),
    ("modals.cancel-deposit.title", "Cancel the deposit"),
    ("modals.categories.title", "Categories"),
    ("modals.change-nickname.title", "Change nickname"),
    ("modals.change-pass.title", "Change password"),
    ("modals.code-verify.title", "Enter the code"),
    ("modals.confirm-bonus.title", "Activate the bonus"),
    ("modals.confirm-bonus-unsettled.title", "You have unsettled bets"),
    ("modals.confirm-delete-limit.title", "Delete the limit"),
    ("modals.confirm-email.title", "Confirm your e-mail"),
    ("modals.confirm-limit-update.title", "Confirm the limit change"),
    ("modals.confirm-session-logout.title", "End the session"),
    ("modals.confirm.title", "Confirm"),
    ("modals.cookie-request.title", "Cookies"),
    ("modals.demo-game.title", "Demo game"),
    ("modals.demo-unavailable.title", "Demo unavailable"),
    ("modals.deposit-error.title", "Deposit failed"),
    ("modals.deposit-status.title", "Deposit status"),
    ("modals.deposit-success.title", "Deposit successful"),
    ("modals.edit-limit.title", "Edit the limit"),
    ("modals.email.title", "E-mail"),
    ("modals.fiat.title", "Buy crypto"),
    ("modals.forgot-pass.title", "Forgot your password?"),
    ("modals.game-limit-reached.title", "Game limit reached"),
    ("modals.games-filter.title", "Filter games"),
    ("modals.geo-popup.title", "Your region"),
    ("modals.get-code.title", "Get a code"),
    ("modals.global-search.title", "Search"),
    ("modals.mobile-game.title", "Play on your phone"),
    ("modals.package-bonus.title", "Package bonus"),
    ("modals.phone.title", "Phone number"),
    ("modals.quest-rewards.title", "Quest rewards"),
    ("modals.quest-task-games.title", "Quest games"),
    ("modals.quest-tasks.title", "Quest tasks"),
    ("modals.quests-hub.title", "Quests"),
    ("modals.referral-transfer.title", "Referral transfer"),
    ("modals.reset-email-send.title", "Check your e-mail"),
    ("modals.reset-pass.title", "Choose a new password"),
    ("modals.sign-in.title", "Sign in"),
    ("modals.sign-up.title", "Create your account"),
    ("modals.tg-news.title", "News"),
    ("modals.wallet-bonus-info.title", "Bonus information"),
    ("modals.tg-wallet.title", "Wallet"),
    ("modals.wallet.title", "Wallet"),
    ("modals.signIn.forgot", "Forgot password?"),
    (
        "modals.forgotPass.text",
        "Enter the e-mail of your account and we will send you a link to choose a new password.",
    ),
    ("modals.forgotPass.submit", "Send the link"),
    ("modals.forgotPass.back", "Back to sign in"),
    (
        "modals.resetEmailSend.text",
        "If an account exists for {email}, we have sent it a link to choose a new password. The link is valid for one hour.",
    ),
    ("modals.resetEmailSend.haveCode", "I have a code"),
    (
        "modals.resetPass.text",
        "Enter the code from the e-mail and your new password.",
    ),
    ("modals.resetPass.submit", "Save the password"),
    ("fields-settings.code.label", "Reset code"),
    ("fields-settings.code.placeholder", "The code from the e-mail"),
    ("fields-settings.newPassword.label", "New password"),
    (
        "fields-settings.password_confirmation.label",
        "Repeat the new password",
    ),
    ("alerts.passwordChanged", "Password changed"),
    (
        "alerts.passwordChangedDescription",
        "Sign in with your new password.",
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
