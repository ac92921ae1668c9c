import { BonusesScreen } from "../../features/bonuses/BonusesScreen";

/** `bonuses` (SPEC §2): the player's bonuses, free spins, cashback and bonus code. */
export default function BonusesPage() {
  return <BonusesScreen title="layout.pages.bonuses" />;
}
