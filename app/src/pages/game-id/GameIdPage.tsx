import { GamePlay } from "../../features/games/GamePlay";
import { Protected } from "../../features/protection/RealityCheck";

/** `game-id` (SPEC §2): one game. */
export default function GameIdPage() {
  return (
    <Protected>
      <GamePlay />
    </Protected>
  );
}
