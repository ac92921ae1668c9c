import { useCore, useDispatch, useText } from "../../core/store";
import { PersonalForm } from "../../features/profile/PersonalForm";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `profile-personal` (SPEC §2): the player's personal details. */
export default function ProfilePersonalPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "booting") return <Skeleton lines={6} name="profile-personal-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile-personal")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-personal")}</h1>
      </div>
      <PersonalForm />
    </section>
  );
}
