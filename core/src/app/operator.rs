//! The paths the client needs beyond SPEC §7 (docs/API.md "Operator must provide"). Each one is
//! set in the runtime config (`operatorPaths`), defaults to the sandbox's path, and `""` says
//! the operator has none: the call is never made (`Calls::send` refuses it) and the feature
//! leaves out what needs it (the built-in texts, no geo question, no content page links, no
//! referral page, no affiliate form, no social sign-in, the sportsbook without a token).

use crate::json::Json;

/// The social providers: id and brand name (as written everywhere, not translated).
pub const SOCIAL_PROVIDERS: [(&str, &str); 2] = [("google", "Google"), ("facebook", "Facebook")];

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum OperatorPath {
    /// Localised texts per locale (SPEC §7 names the query, not the path).
    Content,
    /// Content pages: `/static/*`, `/bonus/*`, `/questions`, `/support`, `/welcome-package`.
    Pages,
    /// The visitor's country for the geo question.
    Geo,
    /// The player's referral figures and the transfer of the earnings.
    Referral,
    /// The affiliate program's application form.
    Affiliate,
    /// Social sign-in: the provider's authorize redirect.
    SocialLogin,
    /// The sportsbook's player token.
    SportStart,
}

impl OperatorPath {
    pub const ALL: [OperatorPath; 7] = [
        OperatorPath::Content,
        OperatorPath::Pages,
        OperatorPath::Geo,
        OperatorPath::Referral,
        OperatorPath::Affiliate,
        OperatorPath::SocialLogin,
        OperatorPath::SportStart,
    ];

    /// Its key in `config.json`'s `operatorPaths`.
    pub fn key(self) -> &'static str {
        match self {
            OperatorPath::Content => "content",
            OperatorPath::Pages => "pages",
            OperatorPath::Geo => "geo",
            OperatorPath::Referral => "referral",
            OperatorPath::Affiliate => "affiliate",
            OperatorPath::SocialLogin => "socialLogin",
            OperatorPath::SportStart => "sportStart",
        }
    }

    /// The sandbox's path, which the features' calls are written with.
    pub fn default_path(self) -> &'static str {
        match self {
            OperatorPath::Content => "/api/content",
            OperatorPath::Pages => "/api/content/pages",
            OperatorPath::Geo => "/api/geo",
            OperatorPath::Referral => "/api/player/referral",
            OperatorPath::Affiliate => "/api/affiliate/applications",
            OperatorPath::SocialLogin => "/api/player/social",
            OperatorPath::SportStart => "/api/game/sport/start",
        }
    }
}

/// Where each [`OperatorPath`] lives under the API base; `None` = the operator has none.
#[derive(Clone, Debug, PartialEq)]
pub struct OperatorPaths {
    /// Each path with where it lives (`None`: the operator has none), in `ALL`'s order.
    paths: Vec<(OperatorPath, Option<String>)>,
    /// What `read` refused, logged at boot.
    pub problems: Vec<String>,
}

impl Default for OperatorPaths {
    fn default() -> Self {
        OperatorPaths {
            paths: OperatorPath::ALL
                .iter()
                .map(|e| (*e, Some(e.default_path().to_string())))
                .collect(),
            problems: Vec::new(),
        }
    }
}

/// A path the operator does not provide was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotProvided(pub OperatorPath);

impl OperatorPaths {
    /// `operatorPaths` of the runtime config: each key a path under the API base (`/…`) or
    /// `""`; a missing key keeps the default, anything else is reported and keeps it too.
    pub fn read(v: Option<&Json>) -> OperatorPaths {
        let mut out = OperatorPaths::default();
        let Some(v) = v else {
            return out;
        };
        if !v.is_object() {
            out.problems
                .push("operatorPaths ignored: not an object".to_string());
            return out;
        }
        for e in OperatorPath::ALL {
            let Some(given) = v.get(e.key()) else {
                continue;
            };
            match given.as_str().map(str::trim) {
                Some("") => out.set(e, None),
                Some(p) if valid(p) => out.set(e, Some(p.trim_end_matches('/').to_string())),
                _ => out.problems.push(format!(
                    "operatorPaths.{} ignored: a path under the API base (\"/…\") or \"\"",
                    e.key()
                )),
            }
        }
        out
    }

    fn set(&mut self, e: OperatorPath, path: Option<String>) {
        if let Some(slot) = self.paths.iter_mut().find(|(p, _)| *p == e) {
            slot.1 = path;
        }
    }

    pub fn provides(&self, e: OperatorPath) -> bool {
        self.path(e).is_some()
    }

    /// The social providers offered for sign-in and linking, `[id, brand name]`: none without
    /// the operator's authorize path. Read by the session slice (eager), so the sign-in modal
    /// draws its buttons before the social feature's code (a lazy group) is here.
    pub fn social_providers(&self) -> Vec<[String; 2]> {
        if !self.provides(OperatorPath::SocialLogin) {
            return Vec::new();
        }
        SOCIAL_PROVIDERS
            .iter()
            .map(|(id, name)| [id.to_string(), name.to_string()])
            .collect()
    }

    /// Where `e` lives, if the operator has it.
    pub fn path(&self, e: OperatorPath) -> Option<&str> {
        self.paths
            .iter()
            .find(|(p, _)| *p == e)
            .and_then(|(_, path)| path.as_deref())
    }

    /// A call's path as the operator serves it: unchanged for SPEC §7 paths, moved for an
    /// [`OperatorPath`] the operator put elsewhere, refused for one it does not have. The longest
    /// default that matches whole segments decides (`/api/content/pages/x` is a page, not
    /// the texts).
    pub fn route(&self, path: &str) -> Result<Option<String>, NotProvided> {
        let matched = OperatorPath::ALL
            .iter()
            .filter_map(|e| {
                let d = e.default_path();
                let rest = path.strip_prefix(d)?;
                (rest.is_empty() || rest.starts_with('/')).then_some((*e, d.len(), rest))
            })
            .max_by_key(|(_, len, _)| *len);
        let Some((e, _, rest)) = matched else {
            return Ok(None);
        };
        match self.path(e) {
            None => Err(NotProvided(e)),
            Some(p) if p == e.default_path() => Ok(None),
            Some(p) => Ok(Some(format!("{p}{rest}"))),
        }
    }
}

/// A path under the API base: starts with one `/`, is more than `/`, no scheme, host, query
/// or fragment.
fn valid(p: &str) -> bool {
    p.starts_with('/')
        && !p.trim_end_matches('/').is_empty()
        && !p.starts_with("//")
        && !p.contains(['?', '#', '\\', ' '])
        && !p.split('/').any(|seg| seg == "..")
}

/// The path a page needs: content pages their texts, the referral page its figures.
pub fn route_needs(name: crate::domain::route::RouteName) -> Option<OperatorPath> {
    use crate::domain::route::RouteName as R;
    match name {
        R::StaticPageIdentity
        | R::BonusPageIdentity
        | R::Questions
        | R::QuestionsPageIdentity
        | R::Support
        | R::WelcomePackage
        | R::Slug => Some(OperatorPath::Pages),
        R::Referral => Some(OperatorPath::Referral),
        _ => None,
    }
}

/// The path a modal needs to do what it is for.
pub fn modal_needs(id: crate::domain::modal::ModalId) -> Option<OperatorPath> {
    use crate::domain::modal::ModalId as M;
    match id {
        M::AffiliateProgram => Some(OperatorPath::Affiliate),
        M::ReferralTransfer => Some(OperatorPath::Referral),
        _ => None,
    }
}
