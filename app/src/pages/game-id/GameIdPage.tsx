import { GamePlay } from "../../features/games/GamePlay";

/** `game-id` (SPEC §2): one game. */
export default function GameIdPage() {
  return <GamePlay />;
}
