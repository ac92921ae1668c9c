//! The sport route as the one source of truth (SPEC §2): address -> widget and back.

use super::Sport;
use crate::app::calls::{self, Answer, ResponseError};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Msg};
use crate::app::registry::Req;
use crate::domain::route::RouteName;
use crate::domain::sport::resolve::{resolve, Resolved};
use crate::domain::sport::{
    self, event_selection, EventInfo, SportInfoResponse, SportRoute, SportSelection,
};

/// `/sport...` under the address's locale prefix.
fn localized(locale: Option<&str>, path: &str) -> String {
    match locale {
        Some(l) => format!("/{l}{path}"),
        None => path.to_string(),
    }
}

fn on_sport_route(cx: &Cx) -> bool {
    cx.shared.route.as_ref().ok().and_then(|r| r.route_name()) == Some(RouteName::SportSlug)
}

impl Sport {
    /// The address moved (or the app booted on it). Returns whether the model changed.
    pub(super) fn address_moved(&mut self, cx: &mut Cx) -> bool {
        if !on_sport_route(cx) {
            let changed = self.seen.is_some() || self.resolving.is_some();
            self.seen = None;
            self.resolving = None;
            return changed;
        }
        self.need_widget(cx);
        let locale = cx.shared.locale(cx.config).map(str::to_string);
        let parsed = sport::parse(&cx.shared.location.full_path());
        let key = (locale, parsed.clone());
        // The widget's own report, or only a modal query changed: the widget is there already.
        if self.seen.as_ref() == Some(&key) {
            return true;
        }
        self.seen = Some(key);
        self.take_in(parsed, cx);
        true
    }

    fn take_in(&mut self, parsed: SportRoute, cx: &mut Cx) {
        match resolve(&parsed, |id| self.info.get(&id)) {
            Resolved::Ready(sel) => {
                self.resolving = None;
                self.show(sel);
            }
            Resolved::NeedInfo(id) => {
                self.resolving = Some(parsed);
                cx.call(Req::Sport(super::Call::SportInfo(id)), None);
            }
            Resolved::NeedEvent(id) => {
                self.resolving = Some(parsed);
                cx.call(Req::Sport(super::Call::EventInfo(id)), None);
            }
            Resolved::Fallback => {
                let path = cx.shared.location.full_path();
                cx.log(
                    LogLevel::Warn,
                    &format!("sportsbook: {path} names nothing known, showing /sport"),
                );
                self.fall_back(cx);
            }
        }
    }

    /// Move the widget (the address says so).
    fn show(&mut self, sel: SportSelection) {
        self.target = sel;
        self.nav = self.nav.wrapping_add(1);
    }

    /// SPEC §8: an unknown or unresolvable sportsbook address shows `/sport`.
    fn fall_back(&mut self, cx: &mut Cx) {
        self.resolving = None;
        self.show(SportSelection::default());
        let locale = cx.shared.locale(cx.config);
        let url = localized(locale, sport::SPORT_BASE);
        self.seen = Some((locale.map(str::to_string), sport::parse(&url)));
        cx.msg(Msg::Navigate { url, replace: true });
    }

    /// The widget navigated inside itself: the address follows (a history entry), and the
    /// widget is not moved back. From a home carousel, this opens the sport page there.
    pub(super) fn widget_moved(&mut self, sel: SportSelection, cx: &mut Cx) {
        let locale = cx.shared.locale(cx.config);
        let english_or = locale.unwrap_or(&cx.config.default_locale);
        let url = localized(
            locale,
            &sport::build(&sport::from_selection(&sel, english_or)),
        );
        self.target = sel;
        self.resolving = None;
        self.seen = Some((locale.map(str::to_string), sport::parse(&url)));
        if url != cx.shared.location.full_path() {
            cx.msg(Msg::Navigate {
                url,
                replace: false,
            });
        }
    }

    pub(super) fn info_answered(&mut self, id: u32, answer: Answer, cx: &mut Cx) {
        let read = calls::read_json(answer).and_then(|v| {
            crate::json::from_json::<SportInfoResponse>(v)
                .map_err(|e| ResponseError::Malformed(format!("sport info: {e}")))
        });
        match read {
            Ok(info) => {
                self.info.insert(id, info);
                if let Some(route) = self.resolving.take() {
                    self.take_in(route, cx);
                }
            }
            Err(e) => {
                cx.log(LogLevel::Warn, &format!("sportsbook: sport {id} info: {e}"));
                if self.resolving.is_some() {
                    self.fall_back(cx);
                }
            }
        }
    }

    /// `/sport/event/{id}`: the event's canonical slug address replaces it.
    pub(super) fn event_answered(&mut self, id: u64, answer: Answer, cx: &mut Cx) {
        if self.resolving != Some(SportRoute::Event { event_id: id }) {
            return;
        }
        let read = calls::read_json(answer).and_then(|v| {
            crate::json::from_json::<EventInfo>(v)
                .map_err(|e| ResponseError::Malformed(format!("event info: {e}")))
        });
        match read {
            Ok(info) => {
                self.resolving = None;
                let sel = event_selection(&info);
                self.show(sel);
                let locale = cx.shared.locale(cx.config);
                let english_or = locale.unwrap_or(&cx.config.default_locale);
                let url = localized(
                    locale,
                    &sport::build(&sport::event_route(&info, english_or)),
                );
                self.seen = Some((locale.map(str::to_string), sport::parse(&url)));
                cx.msg(Msg::Navigate { url, replace: true });
            }
            Err(e) => {
                cx.log(LogLevel::Warn, &format!("sportsbook: event {id} info: {e}"));
                self.fall_back(cx);
            }
        }
    }
}
