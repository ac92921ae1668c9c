/** The provider's widget SDK (a global object its script defines) and loading that script. */

/** The widget's route: what the core's `sport` slice holds and what the widget reports. */
export type WidgetRoute = {
  page: string;
  sportId: number | null;
  categories: { id: number; name: string }[];
  championships: { id: number; name: string }[];
  event: { id: number; name: string } | null;
};

export type SdkOptions = {
  integration: string;
  culture: string;
  theme: string;
  token: string;
  numberFormat: { decimal: string };
};

export interface SportsbookSdk {
  init(options: SdkOptions): Promise<void> | void;
  set(options: Partial<Pick<SdkOptions, "token" | "culture" | "theme">>): void;
  addSportsBook(options: {
    container: HTMLElement;
    route: WidgetRoute;
    onNavigate: (route: WidgetRoute) => void;
    onSignIn: () => void;
    onTokenExpired: () => void;
  }): void;
  addWidget(options: {
    container: HTMLElement;
    type: "topEvents" | "liveNow";
    count: number;
    onNavigate: (route: WidgetRoute) => void;
  }): void;
  remove(container?: HTMLElement): void;
}

/** The global the provider's script defines. */
export const SDK_GLOBAL = "Sportsbook";

export function sdk(): SportsbookSdk | undefined {
  return (window as unknown as Record<string, SportsbookSdk | undefined>)[SDK_GLOBAL];
}

const loads = new Map<string, Promise<void>>();

/** Adds the script once per (url, attempt); a failed attempt's tag is removed so a retry
 * really loads it again. */
export function loadScript(url: string, attempt: number): Promise<void> {
  const key = `${attempt}|${url}`;
  const known = loads.get(key);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = url;
    tag.async = true;
    tag.dataset.sportsbook = String(attempt);
    tag.onload = () => (sdk() ? resolve() : reject(new Error(`${url} defined no ${SDK_GLOBAL}`)));
    tag.onerror = () => {
      tag.remove();
      reject(new Error(`${url} did not load`));
    };
    document.head.appendChild(tag);
  });
  loads.set(key, p);
  return p;
}
