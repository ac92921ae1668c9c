import { useText } from "../../core/store";
import { LimitsPanel } from "../../features/limits/LimitsPanel";
import { RealityCheckSettings } from "../../features/protection/RealityCheckSettings";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-limits` (SPEC §2): responsible gaming. */
export default function ProfileLimitsPage() {
  const t = useText();
  return (
    <PlayerPage route="profile-limits" lines={6} intro={t("global-components.limits.intro")}>
      <LimitsPanel />
      <RealityCheckSettings />
    </PlayerPage>
  );
}
