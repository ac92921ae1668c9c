import { lazy, Suspense, useCallback, useEffect, useState } from "react";
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

function Page({ path }: { path: string }) {
  if (path === "/") return <HomePage />;
  if (path === "/wallet") return <WalletPage />;
  return <SectionPage />;
}

export function App() {
  const t = useText();
  const dispatch = useDispatch();
  const path = useCore((s) => s.nav.path);
  const toasts = useCore((s) => s.toasts);
  const [drawer, setDrawer] = useState(false);
  const dismiss = useCallback((id: number) => dispatch({ type: "dismissToast", id }), [dispatch]);
  // A changed path closes the drawer (SPEC §2) and starts at the top.
  useEffect(() => {
    setDrawer(false);
    window.scrollTo(0, 0);
  }, [path]);
  return (
    <div className="shell">
      <Header onMenu={() => setDrawer(!drawer)} />
      <Drawer open={drawer} onClose={() => setDrawer(false)} />
      <main className="content" id="main">
        <Suspense fallback={<Skeleton lines={4} />}>
          <Page path={path} />
        </Suspense>
        <Footer />
      </main>
      <BottomNav />
      <AuthModals />
      <Toasts toasts={toasts} closeLabel={t("layout.close")} onDismiss={dismiss} />
    </div>
  );
}
