import { ProvidersList } from "../../features/games/ProvidersList";

/** `games-providers` (SPEC §2). */
export default function GamesProvidersPage() {
  return <ProvidersList />;
}
