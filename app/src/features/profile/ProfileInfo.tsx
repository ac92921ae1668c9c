import "./profile.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { SocialLinks } from "./SocialLinks";
import { usePath } from "../../shared/Link";

/** /profile/info: who the player is, with the ways to change the nickname and password. */
export function ProfileInfo() {
  const t = useText();
  const dispatch = useDispatch();
  const personal = usePath("profile-personal");
  const me = useCore((s) => s.profile.me);
  const nickname = useCore((s) => s.session.nickname);
  const avatar = useCore((s) => s.session.avatar);
  const resending = useCore((s) => s.verify.resending);
  // The loyalty summary when the operator runs it (null while it is off or not loaded).
  const loyalty = useCore((s) => s.bonuses.loyalty);
  if (!me) return <Skeleton lines={5} name="profile-info" />;
  const none = <span className="muted">{t("global-components.profile.notAdded")}</span>;
  const name = `${me.firstName} ${me.lastName}`.trim();
  return (
    <div className="panel profile-info">
      <div className="info-avatar">
        <Avatar src={avatar} name={nickname ?? ""} size={64} />
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "avatars" })}>
          {t("global-components.profile.chooseAvatar")}
        </Button>
      </div>
      <dl className="info-list">
        <dt>{t("global-components.profile.nickname")}</dt>
        <dd data-testid="info-nickname">{nickname}</dd>
        <dt>{t("global-components.profile.email")}</dt>
        <dd>
          {me.email ? (
            <>
              <span data-testid="info-email">{me.email}</span>{" "}
              <span className={`badge ${me.emailConfirmed ? "badge-ok" : "badge-warn"}`} data-testid="info-email-status">
                {t(me.emailConfirmed ? "global-components.profile.emailConfirmed" : "global-components.profile.emailUnconfirmed")}
              </span>
            </>
          ) : (
            <span data-testid="info-email">{none}</span>
          )}
        </dd>
        <dt>{t("global-components.profile.phone")}</dt>
        <dd data-testid="info-phone">{me.phone || none}</dd>
        <dt>{t("global-components.profile.name")}</dt>
        <dd>{name || none}</dd>
        <dt>{t("global-components.profile.country")}</dt>
        <dd>{me.country || none}</dd>
        {loyalty ? (
          <>
            <dt>{t("global-components.loyalty.title")}</dt>
            <dd data-testid="info-loyalty">
              <strong>{loyalty.level}</strong> · {t("global-components.loyalty.points", { points: String(loyalty.points) })}
              <br />
              <span className="muted">
                {loyalty.next
                  ? t("global-components.loyalty.toNext", { progress: loyalty.progress, next: loyalty.next, points: String(loyalty.nextPoints) })
                  : t("global-components.loyalty.top")}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      <SocialLinks />
      <div className="modal-actions">
        <Button variant="secondary" onClick={() => dispatch({ type: "navigate", path: personal })}>
          {t("global-components.personal.edit")}
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "change-nickname" })}>
          {t("modals.change-nickname.title")}
        </Button>
        {me.email && !me.emailConfirmed ? (
          <>
            <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "confirm-email" })}>
              {t("global-components.profile.enterEmailCode")}
            </Button>
            <Button variant="secondary" busy={resending} onClick={() => dispatch({ type: "emailResend" })}>
              {t("global-components.profile.resendEmail")}
            </Button>
          </>
        ) : null}
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "email" })}>
          {t(me.email ? "global-components.profile.changeEmail" : "global-components.profile.addEmail")}
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "phone" })}>
          {t(me.phone ? "global-components.profile.changePhone" : "global-components.profile.confirmPhone")}
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "change-pass" })}>
          {t("modals.change-pass.title")}
        </Button>
      </div>
    </div>
  );
}
