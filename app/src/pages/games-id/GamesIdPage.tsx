import { ListPage } from "../../features/games/ListPage";

/** `games-id` (SPEC §2): a category at any depth, or a provider's games. */
export default function GamesIdPage() {
  return <ListPage kind="category" />;
}
