import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportCrash } from "./core/crash";
import { useCore } from "./core/store";
import { CrashScreen } from "./layout/CrashScreen";

type Props = { children: ReactNode; onReload?: () => void };

/** A component that throws while rendering: logged as a crash, the reload screen instead. */
class RenderBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportCrash(error, "render");
    if (info.componentStack) console.error(`croupier: component stack${info.componentStack}`);
  }

  render() {
    return this.state.failed ? <CrashScreen onReload={this.props.onReload} /> : this.props.children;
  }
}

/** The app, or the reload screen once the core or a component has crashed. */
export function CrashBoundary({ children, onReload }: Props) {
  const crashed = useCore((s) => s.crashed);
  if (crashed) return <CrashScreen onReload={onReload} />;
  return <RenderBoundary onReload={onReload}>{children}</RenderBoundary>;
}
