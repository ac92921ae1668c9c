import { ListPage } from "../../features/games/ListPage";

/** `favorites` (SPEC §2): the player's favourite games. */
export default function FavoritesPage() {
  return <ListPage kind="favorites" />;
}
