import { lazy, Suspense, useCallback, useEffect } from "react";
import { useCore, useDispatch, useText } from "./core/store";
import { BottomNav } from "./layout/BottomNav";
import { Drawer } from "./layout/Drawer";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { ModalHost } from "./layout/ModalHost";
import { OfflineBanner } from "./layout/OfflineBanner";
import { InstallBanner } from "./layout/install/InstallBanner";
import { Preloader } from "./layout/Preloader";
import { pageFor } from "./pages/registry";
import { Skeleton } from "./ui/Skeleton";
import { Toasts } from "./ui/Toasts";
import { useDevice } from "./ui/useDevice";

const ErrorPage = lazy(() => import("./layout/ErrorPage"));
// The messenger mini-app's bridge: loaded only inside the messenger.
const MiniappBridge = lazy(() => import("./features/miniapp/MiniappBridge"));
// Loyalty level-up modal or game-page banner (issue 12): its code loads only when shown.
const LevelUp = lazy(() => import("./features/bonuses/LevelUp"));
// The player's daily reminder (issue 30): its code loads only when shown.
const DailyReminder = lazy(() => import("./features/protection/DailyReminder"));

/** The page of the current route (or the error page), loaded on demand. */
function Page() {
  const page = useCore((s) => s.nav.page);
  const error = useCore((s) => s.nav.error);
  const skeleton = <Skeleton lines={4} name={page?.skeleton} />;
  if (!page) {
    return error ? (
      <Suspense fallback={skeleton}>
        <ErrorPage />
        <PageReady name="error" />
      </Suspense>
    ) : (
      skeleton
    );
  }
  const Component = pageFor(page.name);
  return (
    <Suspense fallback={skeleton}>
      {Component ? <Component /> : <ErrorPage />}
      <PageReady name={page.name} />
    </Suspense>
  );
}

/** Mounted once the page's code has loaded and rendered: tells the core (preloader). */
function PageReady({ name }: { name: string }) {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch({ type: "pageReady" });
  }, [dispatch, name]);
  return null;
}

/** Keeps `<html lang>` and the document title with the page. */
function useDocument() {
  const t = useText();
  const locale = useCore((s) => s.nav.locale);
  const name = useCore((s) => s.nav.page?.name);
  const error = useCore((s) => s.nav.error);
  const brand = t("layout.brand");
  // The same title the server writes into the page's HTML (sandbox/src/seo): a content page's
  // own, the home's heading, else the route's name.
  const content = useCore((s) => (s.contentPage.status === "ready" ? s.contentPage.title : ""));
  const title = error
    ? t("layout.error.title")
    : content || (name === "index" ? t("layout.home.title") : name ? t(`layout.pages.${name}`) : "");
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    document.title = title ? `${title} — ${brand}` : brand;
  }, [title, brand]);
}

export function App() {
  const t = useText();
  const dispatch = useDispatch();
  const { mobile } = useDevice();
  const layout = useCore((s) => s.nav.page?.layout ?? "default");
  const pageName = useCore((s) => s.nav.page?.name ?? (s.nav.error ? "error" : ""));
  const compact = useCore((s) => s.nav.drawerCompact);
  const toasts = useCore((s) => s.toasts);
  const miniapp = useCore((s) => s.miniapp.active);
  // `loading` while the shell paints from the bundled texts, `ready` once the core drives it.
  const core = useCore((s) => (s.ready ? "ready" : "loading"));
  // Who the visitor is, once known: the stored session is being restored (`booting`) or the
  // messenger's sign-in runs (`signing-in`) before a player's page can be drawn.
  const session = useCore((s) => (s.miniapp.loggingIn ? "signing-in" : s.session.status));
  const dismiss = useCallback((id: number) => dispatch({ type: "dismissToast", id }), [dispatch]);
  useDocument();
  const skip = (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById("main")?.focus();
      }}
    >
      {t("layout.skipToContent")}
    </a>
  );
  const overlays = (
    <>
      <ModalHost />
      <LevelUpHost />
      <ReminderHost />
      <Toasts toasts={toasts} closeLabel={t("layout.close")} onDismiss={dismiss} />
      <Preloader />
      {miniapp ? (
        <Suspense fallback={null}>
          <MiniappBridge />
        </Suspense>
      ) : null}
    </>
  );
  if (layout === "empty") {
    return (
      <div className="shell shell-empty" data-layout="empty" data-core={core} data-session={session}>
        <main className="content-empty" id="main" tabIndex={-1} data-page={pageName}>
          <Page />
        </main>
        {overlays}
      </div>
    );
  }
  return (
    <div className={`shell${compact && !mobile ? " shell-compact" : ""}`} data-layout="default" data-core={core} data-session={session}>
      {skip}
      <Header mobile={mobile} />
      <Drawer mobile={mobile} />
      <div className="content">
        <OfflineBanner />
        <InstallBanner />
        <main id="main" tabIndex={-1} data-page={pageName}>
          <Page />
        </main>
        <Footer />
      </div>
      {mobile ? <BottomNav /> : null}
      {overlays}
    </div>
  );
}

function LevelUpHost() {
  const shown = useCore((s) => s.bonuses.levelUp != null);
  return shown ? (
    <Suspense fallback={null}>
      <LevelUp />
    </Suspense>
  ) : null;
}

function ReminderHost() {
  const shown = useCore((s) => s.protection.active && s.protection.reminding);
  return shown ? (
    <Suspense fallback={null}>
      <DailyReminder />
    </Suspense>
  ) : null;
}
