// The view model and events are generated from the Rust types (tsify); re-exported here so
// components import from one place.
export type {
  View,
  ViewEvent as UiEvent,
  FormId,
  FormView,
  FormsView,
  SessionView,
  AccountsView,
  AccountView,
  MoneyView,
  NavView,
  PageView,
  ErrorView,
  LocaleOption,
  LinkView,
  ModalView,
  ToastView,
  OptionsView,
  CurrencyOption,
  SportView,
  BookView,
} from "croupier-core";
