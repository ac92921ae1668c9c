//! The view model: what the React layer renders, in slices so a change re-renders only the
//! components that read the changed slice (the bindings send just those).

use crate::vec_map::VecMap;

use serde::Serialize;

use super::api::{Account, Currency};
use super::event::FormId;
use super::forms;
use super::model::{FormState, Model, Preloader, SessionStatus, ToastKind};
use crate::domain::money::{self, CurrencyInfo, DisplayMoney, SubCurrency};
use crate::domain::names::{self, NameSource};
use crate::domain::route;
use crate::domain::validation::Value;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub session: SessionView,
    pub accounts: AccountsView,
    pub forms: FormsView,
    pub nav: NavView,
    pub toasts: Vec<ToastView>,
    pub options: OptionsView,
    /// Localized texts by `group.key`, English built-ins under loaded content.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub texts: VecMap<String, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// `booting` until we know whether a stored session holds.
    pub status: &'static str,
    pub nickname: Option<String>,
    pub balance: Option<MoneyView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MoneyView {
    pub amount: String,
    pub code: String,
    pub symbol: String,
}

impl From<DisplayMoney> for MoneyView {
    fn from(m: DisplayMoney) -> Self {
        MoneyView {
            amount: m.amount,
            code: m.code,
            symbol: m.symbol,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: i64,
    pub currency: String,
    pub balance: MoneyView,
    pub active: bool,
    /// A switch or hide is in flight.
    pub busy: bool,
    pub can_hide: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AccountsView {
    pub loading: bool,
    pub items: Vec<AccountView>,
    /// Currencies the player can still open an account in.
    pub addable: Vec<CurrencyOption>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CurrencyOption {
    pub code: String,
    pub label: String,
    pub crypto: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(hashmap_as_object))]
#[serde(rename_all = "camelCase")]
pub struct FormView {
    /// Values as typed: strings, or booleans for checkboxes.
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "Record<string, string | boolean>")
    )]
    pub values: VecMap<String, crate::json::Json>,
    /// Messages of the fields that should show one now.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub errors: VecMap<String, String>,
    pub submitting: bool,
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FormsView {
    pub sign_up: FormView,
    pub sign_in: FormView,
    pub new_account: FormView,
    pub forgot_pass: FormView,
    pub reset_pass: FormView,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NavView {
    /// Path without query or hash, e.g. `/pt-br/wallet`.
    pub path: String,
    /// Path, query and hash as in the address bar.
    pub full_path: String,
    /// The page to render, or None with `error` set.
    pub page: Option<PageView>,
    pub error: Option<ErrorView>,
    /// Current locale code (`en` when unprefixed).
    pub locale: String,
    pub locales: Vec<LocaleOption>,
    /// The localised home (`/` or `/pt-br`).
    pub home_path: String,
    pub modal: Option<ModalView>,
    pub drawer_open: bool,
    pub drawer_compact: bool,
    /// `shown`, `hiding` (fade out) or `removed`.
    pub preloader: &'static str,
    /// Side drawer links (`bottom` ones also in the mobile bar), hrefs in the current locale.
    pub links: Vec<super::menu::LinkView>,
    pub footer_links: Vec<super::menu::LinkView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(hashmap_as_object))]
#[serde(rename_all = "camelCase")]
pub struct PageView {
    /// Route name without the `locale-` prefix, e.g. `game-id`.
    pub name: String,
    /// Full route name, e.g. `locale-game-id`.
    pub route_name: String,
    /// `{name}-page` (SPEC §2 skeleton names).
    pub skeleton: String,
    /// `default` or `empty`.
    pub layout: &'static str,
    pub client_only: bool,
    /// Catch-all parameters joined with `/`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub params: VecMap<String, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ErrorView {
    pub status: u16,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LocaleOption {
    pub code: String,
    pub name: String,
    /// This page in that locale.
    pub href: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(hashmap_as_object))]
#[serde(rename_all = "camelCase")]
pub struct ModalView {
    /// SPEC §2 identifier, e.g. `sign-in`.
    pub id: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub params: VecMap<String, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ToastView {
    pub id: u32,
    pub kind: ToastKind,
    pub title: String,
    pub description: Option<String>,
    /// SPEC §9: 3000 ms, or 5000 ms with a description.
    pub duration_ms: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct OptionsView {
    /// Currencies a new player can choose at sign-up.
    pub currencies: Vec<CurrencyOption>,
}

pub fn view(model: &Model) -> View {
    View {
        session: session(model),
        accounts: accounts(model),
        forms: FormsView {
            sign_up: form(model, FormId::SignUp),
            sign_in: form(model, FormId::SignIn),
            new_account: form(model, FormId::NewAccount),
            forgot_pass: form(model, FormId::ForgotPass),
            reset_pass: form(model, FormId::ResetPass),
        },
        nav: nav(model),
        toasts: model
            .toasts
            .iter()
            .map(|t| ToastView {
                id: t.id,
                kind: t.kind,
                title: t.title.clone(),
                description: t.description.clone(),
                duration_ms: if t.description.is_some() { 5000 } else { 3000 },
            })
            .collect(),
        options: OptionsView {
            currencies: model.currencies.iter().map(option).collect(),
        },
        texts: texts(model),
    }
}

fn texts(model: &Model) -> VecMap<String, String> {
    let mut out = model.config.texts.clone();
    out.extend(model.texts.iter().map(|(k, v)| (k.clone(), v.clone())));
    out
}

fn nav(model: &Model) -> NavView {
    let default = &model.config.default_locale;
    let locale = model.locale().map(str::to_string);
    let (page, error) = match &model.route {
        Ok(r) => {
            let params = r
                .params
                .iter()
                .map(|(k, v)| (k.clone(), v.joined()))
                .collect();
            let name = r
                .name
                .strip_prefix(route::LOCALE_PREFIX)
                .unwrap_or(&r.name)
                .to_string();
            let layout = match r.layout {
                route::Layout::Empty => "empty",
                _ => "default",
            };
            (
                Some(PageView {
                    skeleton: r.skeleton_name(),
                    name,
                    route_name: r.name.clone(),
                    layout,
                    client_only: r.client_only,
                    params,
                }),
                None,
            )
        }
        Err(e) => (
            None,
            Some(ErrorView {
                status: e.status(),
                message: e.message().to_string(),
            }),
        ),
    };
    let locales = model
        .locale_codes()
        .into_iter()
        .map(|code| {
            let href = match &model.route {
                Ok(r) => r
                    .route_name()
                    .and_then(|n| route::try_build(n, &r.params, Some(code), default)),
                Err(_) => None,
            }
            .unwrap_or_else(|| route::home_path(Some(code), default));
            let name = model
                .locales
                .iter()
                .find(|l| l.code == code)
                .and_then(|l| l.name.clone())
                .unwrap_or_else(|| code.to_string());
            let active = locale
                .as_deref()
                .unwrap_or(default)
                .eq_ignore_ascii_case(code);
            LocaleOption {
                code: code.to_string(),
                name,
                href,
                active,
            }
        })
        .collect();
    let modal = model.modals.current().map(|m| ModalView {
        id: m.query_value().to_string(),
        params: model.modals.params.iter().cloned().collect(),
    });
    NavView {
        path: model.location.path.clone(),
        full_path: model.location.full_path(),
        page,
        error,
        locale: locale.clone().unwrap_or_else(|| default.clone()),
        locales,
        home_path: route::home_path(locale.as_deref(), default),
        modal,
        drawer_open: model.drawer_open,
        drawer_compact: model.drawer_compact,
        preloader: match model.preloader {
            Preloader::Shown => "shown",
            Preloader::Hiding => "hiding",
            Preloader::Removed => "removed",
        },
        links: super::menu::drawer_links(model),
        footer_links: super::menu::footer_links(model),
    }
}

fn session(model: &Model) -> SessionView {
    let status = match model.status {
        SessionStatus::Booting => "booting",
        SessionStatus::Guest => "guest",
        SessionStatus::Player => "player",
    };
    let nickname = model.profile.as_ref().map(|p| {
        names::display_nickname(&NameSource {
            nickname: p.nickname.as_deref(),
            first_name: p.first_name.as_deref(),
            tg_user_id: p.tg_user_id.as_deref(),
            email: p.email.as_deref(),
        })
    });
    let balance = model.active_account().map(|a| balance(model, a));
    SessionView {
        status,
        nickname,
        balance,
    }
}

fn accounts(model: &Model) -> AccountsView {
    let items = model
        .accounts
        .iter()
        .map(|a| AccountView {
            id: a.id,
            currency: a.currency.clone(),
            balance: balance(model, a),
            active: a.is_active(),
            busy: model.busy_accounts.contains(&a.id),
            can_hide: !a.is_active(),
        })
        .collect();
    let addable = model
        .currencies
        .iter()
        .filter(|c| c.is_enabled != Some(false))
        .filter(|c| {
            !model
                .accounts
                .iter()
                .any(|a| a.currency.eq_ignore_ascii_case(&c.code))
        })
        .map(option)
        .collect();
    AccountsView {
        loading: model.accounts_loading,
        items,
        addable,
    }
}

fn balance(model: &Model, account: &Account) -> MoneyView {
    let info = match model.currency(&account.currency) {
        Some(c) => currency_info(c),
        // Settings not loaded (or unknown code): show the plain amount with its code.
        None => CurrencyInfo {
            code: account.currency.clone(),
            crypto: false,
            symbol: String::new(),
            subunit_to_unit: 100,
            sub_currencies: vec![],
        },
    };
    money::display_balance(&account.balance, &info, true).into()
}

pub fn currency_info(c: &Currency) -> CurrencyInfo {
    CurrencyInfo {
        code: c.code.clone(),
        crypto: c.is_crypto(),
        symbol: c.symbol.clone(),
        subunit_to_unit: c.subunit_to_unit,
        sub_currencies: c
            .sub_currencies
            .iter()
            .map(|s| SubCurrency {
                code: s.code.clone(),
                subunit_to_unit: s.subunit_to_unit,
            })
            .collect(),
    }
}

fn option(c: &Currency) -> CurrencyOption {
    let label = if c.symbol.is_empty() || c.symbol == c.code {
        c.code.clone()
    } else {
        format!("{} ({})", c.code, c.symbol)
    };
    CurrencyOption {
        code: c.code.clone(),
        label,
        crypto: c.is_crypto(),
    }
}

fn form(model: &Model, id: FormId) -> FormView {
    let empty = FormState::default();
    let state = model.forms.get(&id).unwrap_or(&empty);
    let errors = forms::errors(id, state, &|k| model.text_of(k).cloned())
        .into_iter()
        .filter(|(f, _)| state.touched.contains(f) || state.server_errors.contains_key(f))
        .collect();
    let values = state
        .values
        .iter()
        .filter_map(|(k, v)| {
            let json = match v {
                Value::Text(s) => crate::json::Json::String(s.clone()),
                Value::Bool(b) => crate::json::Json::Bool(*b),
                Value::Empty => crate::json::Json::String(String::new()),
                _ => return None,
            };
            Some((k.clone(), json))
        })
        .collect();
    FormView {
        values,
        errors,
        submitting: state.submitting,
        error: state.error.clone(),
    }
}
