import type { MoneyView } from "../../core/types";

/** An amount the core formatted, with its currency code. */
export function Money({ money }: { money: MoneyView }) {
  return (
    <span className="money">
      <span className="money-amount">{money.amount}</span> <span className="money-code">{money.code}</span>
    </span>
  );
}
