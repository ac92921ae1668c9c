//! Settings (SPEC §7): currencies and locales, through the 15-minute cache of SPEC §7/§9 — a
//! fresh cached answer is used at once, with no request.

pub mod view;

use std::rc::Rc;

use crate::app::calls::query::{cache_key, SettingsCache};
use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Feature, Hook, Msg};
use crate::app::registry::Req;
use crate::app::wire::{Currency, Locale};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    cache: SettingsCache<Call>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Currencies,
    Locales,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Currencies => {
                Route::get("/api/settings/currencies", Auth::Public).query(&[("visible", "1")])
            }
            Call::Locales => Route::get("/api/settings/locales", Auth::Public),
        }
    }
}

/// No view intents.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum SettingsUi {}

impl Feature for Settings {
    type Ui = SettingsUi;
    type Call = Call;
    type Tick = ();

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        if let Hook::Booted(_) = hook {
            self.get(Call::Currencies, cx);
            self.get(Call::Locales, cx);
        }
        false
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        self.cache.answered(&call, answer.as_deref().ok(), cx.now);
        read(call, answer, cx);
    }
}

impl Settings {
    fn get(&mut self, call: Call, cx: &mut Cx) {
        let route = call.endpoint();
        let key = cache_key(&route.path, &route.query);
        if let Some(body) = self.cache.fresh(&key, cx.now).map(str::to_string) {
            read(call, Ok(body), cx);
            return;
        }
        if self.cache.in_flight(&key) {
            return;
        }
        self.cache.sent(call.clone(), key);
        cx.call(Req::Settings(call), None);
    }
}

fn read(call: Call, answer: Answer, cx: &mut Cx) {
    match call {
        Call::Currencies => match calls::read::<Vec<Currency>>(answer) {
            Ok(list) => cx.msg(Msg::Currencies(Rc::new(list))),
            Err(e) => cx.log_err(LogLevel::Warn, "currencies", &e),
        },
        Call::Locales => match calls::read::<Vec<Locale>>(answer) {
            Ok(list) => cx.msg(Msg::Locales(Rc::new(list))),
            Err(e) => cx.log_err(LogLevel::Warn, "locales", &e),
        },
    }
}
