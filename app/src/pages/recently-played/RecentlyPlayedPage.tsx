import { ListPage } from "../../features/games/ListPage";

/** `recently-played` (SPEC §2, §9): server list merged with this device's, newest first. */
export default function RecentlyPlayedPage() {
  return <ListPage kind="played" />;
}
