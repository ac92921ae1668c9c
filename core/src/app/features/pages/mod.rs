//! Content pages (issue 16 "Content", SPEC §2): static pages, bonus pages, the questions list
//! and question pages, the welcome package, support, the referral program's text and any
//! `/{slug}`, served localised by the platform as a title and HTML that [`html::parse`] turns
//! into a tree of allow-listed nodes. Also the `/redirect` page (empty layout).
//!
//! A page is loaded when its route is entered and kept 15 minutes per locale (like the text
//! content, SPEC §9); an unknown slug (404) shows the error page. Leaving the questions list
//! from a question page has a guard that does nothing (SPEC §2): nothing here holds a
//! navigation back.

pub mod html;
pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Feature, Hook, Msg};
use crate::app::operator::OperatorPath;
use crate::app::registry::Req;
use crate::app::wire::lenient;
use crate::domain::route::{check_navigation, percent_encode, NavTarget, RouteName};
use crate::json::Json;
use serde::Deserialize;

/// The addresses this feature serves ([`Pages::follow`]): their page loads the `pages` group
/// (`groups::wanted_at`); a native test holds the two together.
pub const ROUTES: &[RouteName] = &[
    RouteName::StaticPageIdentity,
    RouteName::BonusPageIdentity,
    RouteName::Questions,
    RouteName::QuestionsPageIdentity,
    RouteName::Support,
    RouteName::Referral,
    RouteName::WelcomePackage,
    RouteName::Slug,
    RouteName::Redirect,
];

/// How long a loaded page or list is reused (SPEC §9 localised-content cache).
pub const PAGE_TTL_MS: u64 = 15 * 60 * 1000;
/// Pages kept in memory at most (the oldest goes first).
const CACHE_MAX: usize = 24;
/// Page kinds as the platform names them (`type`), "" = any kind (the `/{slug}` fallback).
pub const QUESTION: &str = "question";

/// A page the current address needs: kind ("" = any), slug, locale.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Key {
    pub kind: &'static str,
    pub slug: String,
    pub locale: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub title: String,
    pub body: Vec<html::ContentNode>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Loading,
    Ready(Page),
    /// 404: no such page.
    Missing,
    Failed,
}

#[derive(Clone, Debug, PartialEq)]
pub enum List {
    Loading,
    Ready(Vec<Question>),
    Failed,
}

/// One question of the list.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Question {
    pub slug: String,
    pub title: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pages {
    /// Pages by key, with when they were asked for.
    cache: Vec<(Key, Entry, u64)>,
    /// The questions list per locale, with when it was asked for.
    questions: Vec<(String, List, u64)>,
    /// What the current address shows.
    pub current: Option<Key>,
    /// On the questions list or a question page: the list's locale.
    pub list: Option<String>,
    /// `/redirect` to another site: the address to offer (never followed by itself).
    pub redirect: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Page(Key),
    Questions(String),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Page(k) => {
                let r = Route::owned(
                    crate::app::effect::Method::Get,
                    format!("/api/content/pages/{}", percent_encode(&k.slug)),
                    Auth::Public,
                )
                .query(&[("locale", &k.locale)]);
                if k.kind.is_empty() {
                    r
                } else {
                    r.query(&[("type", k.kind)])
                }
            }
            Call::Questions(locale) => Route::get("/api/content/pages", Auth::Public)
                .query(&[("type", QUESTION), ("locale", locale)]),
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PagesUi {
    /// Load the current page again after a failure.
    ContentRetry,
}

impl Feature for Pages {
    type Ui = PagesUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &["contentRetry"];

    fn ui(&mut self, event: PagesUi, cx: &mut Cx) {
        let PagesUi::ContentRetry = event;
        if let Some(k) = self.current.clone() {
            self.cache
                .retain(|(c, e, _)| *c != k || *e != Entry::Failed);
        }
        if let Some(l) = self.list.clone() {
            self.questions
                .retain(|(c, q, _)| *c != l || *q != List::Failed);
        }
        self.follow(cx);
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(_) | Hook::Navigated { .. } => self.follow(cx),
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Page(key) => {
                let entry = match calls::read_json(answer) {
                    Ok(v) => match read_page(v) {
                        Ok(p) => Entry::Ready(p),
                        Err(e) => {
                            cx.log(LogLevel::Warn, &format!("page {}: {e}", key.slug));
                            Entry::Failed
                        }
                    },
                    Err(ResponseError::Status { status: 404, .. }) => Entry::Missing,
                    Err(e) => {
                        cx.log(LogLevel::Warn, &format!("page {}: {e}", key.slug));
                        Entry::Failed
                    }
                };
                for c in self.cache.iter_mut() {
                    if c.0 == key {
                        c.1 = entry.clone();
                        if entry == Entry::Failed {
                            // A failure is not kept for 15 minutes: the next visit tries again.
                            c.2 = 0;
                        }
                    }
                }
            }
            Call::Questions(locale) => {
                let list = calls::read_json(answer)
                    .map_err(|e| e.to_string())
                    .and_then(read_questions);
                let list = match list {
                    Ok(l) => List::Ready(l),
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "questions", &e);
                        List::Failed
                    }
                };
                for q in self.questions.iter_mut() {
                    if q.0 == locale {
                        if list == List::Failed {
                            q.2 = 0;
                        }
                        q.1 = list.clone();
                    }
                }
            }
        }
    }
}

impl Pages {
    /// The loaded (or loading) entry of the current page.
    pub fn entry(&self) -> Option<&Entry> {
        let k = self.current.as_ref()?;
        self.cache
            .iter()
            .find(|(c, _, _)| c == k)
            .map(|(_, e, _)| e)
    }

    /// The questions list of the current locale, when the address shows it.
    pub fn question_list(&self) -> Option<&List> {
        let l = self.list.as_ref()?;
        self.questions
            .iter()
            .find(|(c, _, _)| c == l)
            .map(|(_, q, _)| q)
    }

    /// Follow the address: which page it needs, loading it unless a fresh copy is here.
    fn follow(&mut self, cx: &mut Cx) -> bool {
        let before = (
            self.current.clone(),
            self.list.clone(),
            self.redirect.clone(),
        );
        let locale = cx.shared.content_locale(cx.config);
        let route = cx.shared.route.as_ref().ok();
        let name = route.and_then(|r| r.route_name());
        let param = |k: &str| route.and_then(|r| r.param(k)).unwrap_or_default();
        let need = |kind: &'static str, slug: &str| Key {
            kind,
            slug: slug.to_string(),
            locale: locale.clone(),
        };
        self.current = match name {
            Some(RouteName::StaticPageIdentity) => Some(need("static", param("pageIdentity"))),
            Some(RouteName::BonusPageIdentity) => Some(need("bonus", param("pageIdentity"))),
            Some(RouteName::QuestionsPageIdentity) => Some(need(QUESTION, param("pageIdentity"))),
            Some(RouteName::Support) => Some(need("page", "support")),
            Some(RouteName::Referral) => Some(need("page", "referral")),
            Some(RouteName::WelcomePackage) => Some(need("page", "welcome-package")),
            Some(RouteName::Slug) => {
                let slug = route.map(|r| r.param_list("slug").join("/"));
                Some(need("", &slug.unwrap_or_default()))
            }
            _ => None,
        };
        self.list = matches!(
            name,
            Some(RouteName::Questions | RouteName::QuestionsPageIdentity)
        )
        .then(|| locale.clone());
        // Without the operator's pages path, or the page's own (the referral page's figures),
        // nothing is asked: the shell shows not found.
        let provided = |p: OperatorPath| cx.config.operator_paths.provides(p);
        let withdrawn = name
            .and_then(crate::app::operator::route_needs)
            .is_some_and(|p| !provided(p));
        if withdrawn || !provided(OperatorPath::Pages) {
            self.current = None;
            self.list = None;
        }
        self.redirect = None;
        if name == Some(RouteName::Redirect) {
            self.follow_redirect(cx);
        }
        if let Some(k) = self.current.clone() {
            let fresh = self
                .cache
                .iter()
                .any(|(c, _, at)| *c == k && cx.now.saturating_sub(*at) < PAGE_TTL_MS);
            if !fresh {
                self.cache.retain(|(c, _, _)| *c != k);
                if self.cache.len() >= CACHE_MAX {
                    self.cache.remove(0);
                }
                // Marked now so a burst of navigations sends one request.
                self.cache.push((k.clone(), Entry::Loading, cx.now.max(1)));
                cx.call(Req::Pages(Call::Page(k)), None);
            }
        }
        if let Some(l) = self.list.clone() {
            let fresh = self
                .questions
                .iter()
                .any(|(c, _, at)| *c == l && *at != 0 && cx.now.saturating_sub(*at) < PAGE_TTL_MS);
            if !fresh {
                self.questions.retain(|(c, _, _)| *c != l);
                self.questions
                    .push((l.clone(), List::Loading, cx.now.max(1)));
                cx.call(Req::Pages(Call::Questions(l)), None);
            }
        }
        before
            != (
                self.current.clone(),
                self.list.clone(),
                self.redirect.clone(),
            )
    }

    /// `/redirect?url=…`: an address of this site is followed at once (replacing the entry);
    /// another site's is only offered as a link, so the page is no open redirect.
    fn follow_redirect(&mut self, cx: &mut Cx) {
        let target = cx
            .shared
            .location
            .query_value("url")
            .or_else(|| cx.shared.location.query_value("to"))
            .unwrap_or_default();
        match check_navigation(target, true) {
            Ok(NavTarget::Internal(url)) if url.starts_with('/') => {
                cx.msg(Msg::Navigate { url, replace: true })
            }
            Ok(NavTarget::External(url)) if url.starts_with("http") => self.redirect = Some(url),
            _ => {}
        }
    }
}

/// A page's answer: the body is HTML, sanitised by [`read_page`]; a missing body is empty.
#[derive(Deserialize)]
pub struct PageAnswer {
    pub title: String,
    #[serde(default, deserialize_with = "lenient")]
    pub body: String,
}

fn read_page(v: Json) -> Result<Page, String> {
    let page: PageAnswer = crate::json::from_json(v)?;
    Ok(Page {
        title: page.title,
        body: html::parse(&page.body),
    })
}

/// `[{slug, title}]`; an item without both is skipped.
fn read_questions(v: Json) -> Result<Vec<Question>, String> {
    crate::json::readable_items(v).map_err(|e| e.to_string())
}
