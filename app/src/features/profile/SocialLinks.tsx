import { useCore, useDispatch, useText } from "../../core/store";
import { GroupCode } from "../../shared/GroupCode";
import { Button } from "../../ui/Button";

/** The profile's social accounts: each provider linked (as which e-mail) or not, with a way to
 * link or unlink it. */
export function SocialLinks() {
  // Phone and social are a chunk of the core of their own (issue 28): a failed one shows its
  // retry here.
  return (
    <GroupCode group="identity">
      <Links />
    </GroupCode>
  );
}

function Links() {
  const t = useText();
  const dispatch = useDispatch();
  const social = useCore((s) => s.social);
  const connections = useCore((s) => s.session.socialConnections);
  if (!social.linksLoaded) return null;
  return (
    <section className="social-accounts" aria-labelledby="social-title">
      <h2 id="social-title">{t("global-components.profile.social")}</h2>
      <p className="muted">{t("global-components.profile.socialIntro")}</p>
      <ul className="social-links">
        {connections.map(([c, name]) => {
          const link = social.links.find((l) => l.connection === c);
          return (
            <li key={c} className="social-link" data-testid={`social-${c}`}>
              <span className="social-link-text">
                <strong>{name}</strong>
                <span className="muted">{link ? t("global-components.profile.linkedAs").replace("{email}", link.email) : t("global-components.profile.notLinked")}</span>
              </span>
              {link ? (
                <Button type="button" variant="secondary" busy={social.unlinking === c} onClick={() => dispatch({ type: "socialUnlink", connection: c })}>
                  {t("global-components.profile.unlink").replace("{provider}", name)}
                </Button>
              ) : (
                <Button type="button" variant="secondary" onClick={() => dispatch({ type: "socialStart", connection: c })}>
                  {t("global-components.profile.link").replace("{provider}", name)}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
