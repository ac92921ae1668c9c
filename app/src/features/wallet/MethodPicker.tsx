import type { MethodGroupView } from "../../core/types";
import { useDispatch, useText } from "../../core/store";

/** Methods by group, manual agent first (the core orders them); a radio group per group. */
export function MethodPicker({ groups }: { groups: MethodGroupView[] }) {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <div className="pay-methods">
      {groups.map((g) => (
        <fieldset key={g.name} className="pay-choices">
          <legend>{g.name}</legend>
          {g.methods.map((m) => (
            <label key={m.id} className={`pay-choice${m.selected ? " pay-choice-on" : ""}`} data-testid={`method-${m.id}`}>
              <input type="radio" name="pay-method" value={m.id} checked={m.selected} onChange={() => dispatch({ type: "payMethod", id: m.id })} />
              <span className="pay-choice-main">{m.name}</span>
              {m.manual ? <span className="badge">{t("global-components.wallet.manual")}</span> : null}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
