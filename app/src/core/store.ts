import { create } from "zustand";
import en from "../../../core/content/en.json";
import type { UiEvent, View } from "./types";

export type CoreState = View & {
  ready: boolean;
  dispatch: (event: UiEvent) => void;
};

const emptyForm = { values: {}, errors: {}, submitting: false, error: undefined };

/** Before the core loads: a guest-shaped view that renders the frame without data. */
export const initialView: View = {
  session: { status: "booting", nickname: undefined, balance: undefined },
  accounts: { loading: false, items: [], addable: [] },
  forms: { signUp: emptyForm, signIn: emptyForm, newAccount: emptyForm, forgotPass: emptyForm, resetPass: emptyForm },
  nav: {
    path: "/",
    fullPath: "/",
    page: undefined,
    error: undefined,
    locale: "en",
    locales: [],
    homePath: "/",
    modal: undefined,
    drawerOpen: false,
    drawerCompact: false,
    preloader: "shown",
    links: [],
    footerLinks: [],
  },
  toasts: [],
  options: { currencies: [] },
  // The default language already, so the frame reads well before the core has loaded.
  texts: en,
};

export const useCore = create<CoreState>(() => ({
  ...initialView,
  ready: false,
  dispatch: () => {},
}));

/** Text for `key` with `{name}` placeholders filled; the key itself when missing. */
export function useText() {
  const texts = useCore((s) => s.texts);
  return (key: string, params?: Record<string, string>) => {
    let text = texts[key] ?? key;
    for (const [k, v] of Object.entries(params ?? {})) text = text.replaceAll(`{${k}}`, v);
    return text;
  };
}

export const useDispatch = () => useCore((s) => s.dispatch);
