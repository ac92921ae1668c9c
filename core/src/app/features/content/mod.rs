//! Localized content (SPEC §7: groups per locale, cached 15 minutes). The texts of the
//! current locale are merged over the built-in default language once per change and handed
//! to the parent, so nothing merges them per view.

mod built_in;

use crate::app::operator::OperatorPath;
use std::rc::Rc;

use litemap::LiteMap;

pub use built_in::built_in;

use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Feature, Hook, Msg};
use crate::app::registry::Req;

pub const CONTENT_GROUPS: [&str; 5] = [
    "alerts",
    "fields-settings",
    "global-components",
    "layout",
    "modals",
];
pub const CONTENT_TTL_MS: u64 = 15 * 60 * 1000;

type Texts = LiteMap<String, String>;

/// `{group: {key: text}}`; values that are not text are skipped.
struct Groups(Vec<(String, Texts)>);

impl crate::app::wire::Wire for Groups {
    fn read(v: &crate::json::Json) -> Result<Self, String> {
        let groups = v.as_object().ok_or("expected an object")?;
        Ok(Groups(
            groups
                .iter()
                .map(|(g, texts)| (g.clone(), crate::app::wire::string_map(texts)))
                .collect(),
        ))
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Content {
    /// When each locale's content was asked for (a failure clears the mark).
    loaded: Vec<(String, u64)>,
    /// Loaded texts per locale, so switching back needs no request.
    cache: Vec<(String, Texts)>,
    /// The locale whose texts the parent holds.
    current: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Content(String),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let Call::Content(locale) = self;
        let mut route = Route::get("/api/content", Auth::Public).query(&[("locale", locale)]);
        for g in CONTENT_GROUPS {
            route = route.query(&[("groups[]", g)]);
        }
        route
    }
}

/// No view intents.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum ContentUi {}

impl Feature for Content {
    type Ui = ContentUi;
    type Call = Call;
    type Tick = ();

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        if let Hook::Booted(_) | Hook::Navigated { .. } = hook {
            self.ensure(cx);
        }
        false
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        let Call::Content(locale) = call;
        match calls::read::<Groups>(answer) {
            Ok(Groups(groups)) => {
                let mut texts = Texts::new();
                for (g, group) in groups {
                    if CONTENT_GROUPS.contains(&g.as_str()) {
                        for (k, v) in group {
                            texts.insert(format!("{g}.{k}"), v);
                        }
                    }
                }
                self.cache.retain(|(l, _)| *l != locale);
                self.cache.push((locale.clone(), texts));
                if cx.shared.content_locale(cx.config) == locale {
                    self.publish(&locale, cx);
                }
            }
            Err(e) => {
                // The default language stays; the next navigation tries again.
                self.loaded.retain(|(l, _)| *l != locale);
                cx.log(LogLevel::Warn, &format!("content {locale}: {e}"));
            }
        }
    }
}

impl Content {
    /// Load the current locale's content unless a fresh copy is here or on its way.
    fn ensure(&mut self, cx: &mut Cx) {
        let locale = cx.shared.content_locale(cx.config);
        if self.current.as_deref() != Some(locale.as_str()) {
            // Another locale's texts must not linger: the cached copy, else the built-ins.
            self.publish(&locale, cx);
        }
        let fresh = self
            .loaded
            .iter()
            .any(|(l, at)| *l == locale && cx.now.saturating_sub(*at) < CONTENT_TTL_MS);
        // Without the operator's content path the built-in texts are all there is.
        if fresh || !cx.config.operator_paths.provides(OperatorPath::Content) {
            return;
        }
        // Mark it now so a burst of navigations sends one request; a failure clears the mark.
        self.loaded.retain(|(l, _)| *l != locale);
        self.loaded.push((locale.clone(), cx.now));
        cx.call(Req::Content(Call::Content(locale)), None);
    }

    /// Merge `locale`'s texts over the default language, once, for everyone.
    fn publish(&mut self, locale: &str, cx: &mut Cx) {
        self.current = Some(locale.to_string());
        let loaded = self.cache.iter().find(|(l, _)| l == locale);
        // Nothing loaded for it: the built-ins, which the parent holds already at boot (no
        // copy of the whole table to find that out).
        if loaded.is_none() && *cx.shared.texts == cx.config.texts {
            return;
        }
        let mut texts = cx.config.texts.clone();
        if let Some((_, loaded)) = loaded {
            for (k, v) in loaded.iter() {
                texts.insert(k.clone(), v.clone());
            }
        }
        cx.msg(Msg::Texts(Rc::new(texts)));
    }
}
