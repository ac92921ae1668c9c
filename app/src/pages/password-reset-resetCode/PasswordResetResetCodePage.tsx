import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";

/** `/password-reset/{resetCode}`: the core opens reset-pass with the code; closed, it can be
 * opened again from here. */
export default function PasswordResetResetCodePage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  return (
    <section className="page hero" aria-labelledby="page-title">
      <h1 id="page-title">{t("layout.pages.password-reset-resetCode")}</h1>
      <p>{t("layout.passwordReset.text")}</p>
      {status === "guest" ? <Button onClick={() => dispatch({ type: "openModal", id: "reset-pass" })}>{t("layout.passwordReset.open")}</Button> : null}
    </section>
  );
}
