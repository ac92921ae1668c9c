//! The `contentPage` slice: the current content page (title and sanitised body), the questions
//! list with its addresses, and the `/redirect` page's offered address.

use serde::Serialize;

use super::html::ContentNode;
use super::{Entry, List};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::route::{self, ParamValue, Params, RouteName};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ContentStatus {
    /// The address shows no content page.
    None,
    Loading,
    Ready,
    /// No such page: the error page.
    Missing,
    /// The platform did not answer: the page offers to try again.
    Failed,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QuestionLink {
    pub title: String,
    /// The question page in the current locale.
    pub href: String,
    /// This question is the one on screen.
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ContentPageView {
    pub status: ContentStatus,
    pub title: String,
    pub body: Vec<ContentNode>,
    /// The questions list (on /questions and question pages).
    pub questions: Vec<QuestionLink>,
    pub questions_status: ContentStatus,
    /// The questions list's address in the current locale (a question page's way back).
    pub questions_href: String,
    /// `/redirect` to another site: the address the page offers as a link.
    pub redirect: Option<String>,
}

pub fn slice(p: &super::Pages, shared: &Shared, config: &Config) -> ContentPageView {
    let locale = shared.locale(config);
    let default = &config.default_locale;
    let (status, title, body) = match p.entry() {
        None => (ContentStatus::None, String::new(), Vec::new()),
        Some(Entry::Loading) => (ContentStatus::Loading, String::new(), Vec::new()),
        Some(Entry::Ready(page)) => (ContentStatus::Ready, page.title.clone(), page.body.clone()),
        Some(Entry::Missing) => (ContentStatus::Missing, String::new(), Vec::new()),
        Some(Entry::Failed) => (ContentStatus::Failed, String::new(), Vec::new()),
    };
    let current = p.current.as_ref().map(|k| k.slug.as_str());
    let mut questions = Vec::new();
    let questions_status = match p.question_list() {
        None => ContentStatus::None,
        Some(List::Loading) => ContentStatus::Loading,
        Some(List::Failed) => ContentStatus::Failed,
        Some(List::Ready(list)) => {
            for q in list {
                let mut params = Params::new();
                params.insert("pageIdentity".into(), ParamValue::One(q.slug.clone()));
                if let Some(href) =
                    route::try_build(RouteName::QuestionsPageIdentity, &params, locale, default)
                {
                    questions.push(QuestionLink {
                        title: q.title.clone(),
                        href,
                        active: current == Some(q.slug.as_str()),
                    });
                }
            }
            ContentStatus::Ready
        }
    };
    ContentPageView {
        status,
        title,
        body,
        questions,
        questions_status,
        questions_href: route::build(RouteName::Questions, &Params::new(), locale, default),
        redirect: p.redirect.clone(),
    }
}
