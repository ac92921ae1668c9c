import type { MoneyView } from "../../core/types";

/** An amount the core formatted, with its currency code. */
export function Money({ money }: { money: MoneyView }) {
  return (
    <span className="money">
      <span className="money-amount">{money.amount}</span> <span className="money-code">{money.code}</span>
    </span>
  );
}

/** A crypto balance in the equivalent currency the player chose (SPEC §9), as the core rounded it. */
export function Equivalent({ money, testId }: { money: MoneyView; testId?: string }) {
  return (
    <span className="money-equivalent" data-testid={testId}>
      ≈ {money.amount} {money.code}
    </span>
  );
}
