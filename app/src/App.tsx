import { lazy, Suspense, useCallback } from "react";
import { useCore, useDispatch, useText } from "./core/store";
import { AuthModals } from "./features/auth/AuthModals";
import { BottomNav } from "./layout/BottomNav";
import { Drawer } from "./layout/Drawer";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { Skeleton } from "./ui/Skeleton";
import { Toasts } from "./ui/Toasts";

const HomePage = lazy(() => import("./pages/index/HomePage"));
const WalletPage = lazy(() => import("./pages/wallet/WalletPage"));
const SectionPage = lazy(() => import("./pages/placeholder/SectionPage"));

function Page({ name }: { name: string }) {
  if (name === "index") return <HomePage />;
  if (name === "wallet") return <WalletPage />;
  return <SectionPage />;
}

export function App() {
  const t = useText();
  const dispatch = useDispatch();
  const page = useCore((s) => s.nav.page);
  const error = useCore((s) => s.nav.error);
  const drawer = useCore((s) => s.nav.drawerOpen);
  const toasts = useCore((s) => s.toasts);
  const dismiss = useCallback((id: number) => dispatch({ type: "dismissToast", id }), [dispatch]);
  return (
    <div className="shell">
      <Header onMenu={() => dispatch({ type: "toggleDrawer" })} />
      <Drawer open={drawer} onClose={() => dispatch({ type: "closeDrawer" })} />
      <main className="content" id="main">
        <Suspense fallback={<Skeleton lines={4} />}>
          {page ? <Page name={page.name} /> : error ? <p role="alert">{error.message}</p> : <Skeleton lines={4} />}
        </Suspense>
        <Footer />
      </main>
      <BottomNav />
      <AuthModals />
      <Toasts toasts={toasts} closeLabel={t("layout.close")} onDismiss={dismiss} />
    </div>
  );
}
