//! Toasts (SPEC §2 "Notifications are toasts", §9 alerts): every feature's alerts go through
//! the domain's throttled queue (`domain::alert`); a route change hides the open ones.

pub mod view;

use crate::app::feature::{Cx, Feature, Hook};
use crate::app::registry::Tick;
use crate::app::wire::currency_info;
use crate::domain::alert::{Alert, AlertQueue};
use crate::domain::money::{self, CurrencyInfo, Decimal};
use crate::domain::realtime::push::Push;
use crate::domain::route;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Toasts {
    pub queue: AlertQueue,
    /// The wake-up timer for the next start or hide, and when it fires.
    timer: Option<(crate::app::effect::TimerId, u64)>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ToastsUi {
    DismissToast { id: u64 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToastsTick {
    Wake,
}

impl Feature for Toasts {
    type Ui = ToastsUi;
    type Call = crate::app::calls::NoCall;
    type Tick = ToastsTick;

    fn ui(&mut self, event: ToastsUi, cx: &mut Cx) {
        let ToastsUi::DismissToast { id } = event;
        self.queue.dismiss(id);
        self.wake(cx);
    }

    fn tick(&mut self, _tick: ToastsTick, cx: &mut Cx) {
        self.timer = None;
        self.queue.tick(cx.now);
        self.wake(cx);
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            // SPEC §2: changing the route hides any open alert.
            Hook::Navigated { from } => {
                let hide = !self.queue.visible().is_empty()
                    && route::route_change_hides_alert(from, &cx.shared.location);
                if hide {
                    self.queue.hide_all();
                    self.wake(cx);
                }
                hide
            }
            Hook::Push(Push::MaxBetExceeded { amount, currency }) => {
                max_bet_exceeded(self, amount, currency, cx);
                true
            }
            _ => false,
        }
    }
}

impl Toasts {
    /// Queue an alert; it starts when the throttle allows.
    pub fn show(&mut self, alert: Alert, cx: &mut Cx) {
        self.queue.push(alert, cx.now);
        self.wake(cx);
    }

    /// One timer, at the queue's next start or hide.
    fn wake(&mut self, cx: &mut Cx) {
        let next = self.queue.next_wake_ms();
        if self.timer.map(|(_, at)| at) == next {
            return;
        }
        if let Some((id, _)) = self.timer.take() {
            cx.cancel(id);
        }
        if let Some(at) = next {
            let ms = at.saturating_sub(cx.now).clamp(1, u64::from(u32::MAX)) as u32;
            let id = cx.timer(ms, Tick::Toasts(ToastsTick::Wake));
            self.timer = Some((id, at));
        }
    }
}

/// SPEC §8 "Game max bet exceeded": an alert with the max bet as amount and currency.
fn max_bet_exceeded(toasts: &mut Toasts, amount: &str, currency: &str, cx: &mut Cx) {
    if Decimal::parse(amount).is_err() {
        cx.log(
            crate::app::effect::LogLevel::Warn,
            &format!("realtime: max bet push dropped: amount \"{amount}\""),
        );
        return;
    }
    let info = match cx.shared.currency(currency) {
        Some(c) => currency_info(c),
        None => CurrencyInfo {
            code: currency.to_ascii_uppercase(),
            subunit_to_unit: 100,
            ..CurrencyInfo::default()
        },
    };
    let shown = money::display_balance(amount, &info, cx.shared.crypto_sub_units);
    let alert = Alert::error("alerts.maxBetExceeded")
        .with_description("alerts.maxBetExceededDescription")
        .with_param("amount", &shown.amount)
        .with_param("currency", &shown.code);
    toasts.show(alert, cx);
}
