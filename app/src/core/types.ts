// The view model and events are generated from the Rust types (tsify); re-exported here so
// components import from one place.
export type {
  View,
  UiEvent,
  FormId,
  FormView,
  SessionView,
  AccountsView,
  AccountView,
  MoneyView,
  NavView,
  ToastView,
  OptionsView,
  CurrencyOption,
} from "croupier-core";
