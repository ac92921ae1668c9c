import type { LoyaltyView, QuestView } from "croupier-core";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { useGamesPainted } from "../../core/gamesPainted";

const useQ = () => {
  const t = useText();
  return (k: string, p?: Record<string, string>) => t(`global-components.quests.${k}`, p);
};

/** The loyalty tile: level, points and the progress to the next level (2 decimals). */
export function LoyaltyTile({ l }: { l: LoyaltyView }) {
  const t = useText();
  const g = (k: string, p?: Record<string, string>) => t(`global-components.loyalty.${k}`, p);
  return (
    <section className="bonus-tile" aria-labelledby="loyalty-title" data-testid="loyalty">
      <h2 id="loyalty-title">{g("title")}</h2>
      <p className="bonus-cashback-amount">{l.level}</p>
      <p className="muted">{g("points", { points: String(l.points) })}</p>
      {l.next ? (
        <div className="bonus-progress">
          <div className="bonus-progress-row">
            <span>{g("toNext", { progress: l.progress, next: l.next, points: String(l.nextPoints) })}</span>
          </div>
          <div className="bonus-bar" role="progressbar" aria-label={g("title")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Number(l.progress)}>
            <span style={{ width: `${l.progress}%` }} />
          </div>
        </div>
      ) : (
        <p>{g("top")}</p>
      )}
      {l.levels.length > 0 ? (
        <ol className="loyalty-levels" aria-label={g("levels")}>
          {l.levels.map((v) => (
            <li key={v.name} aria-current={v.current ? "step" : undefined}>
              <strong>{v.name}</strong> <span className="muted">{v.points}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The quests tile: how many there are, and the hub. */
export function QuestsTile({ quests }: { quests: QuestView[] }) {
  const q = useQ();
  const dispatch = useDispatch();
  return (
    <section className="bonus-tile" aria-labelledby="quests-title" data-testid="quests">
      <h2 id="quests-title">{q("title")}</h2>
      <p className="muted">{quests.length > 0 ? q("count", { count: String(quests.length) }) : q("empty")}</p>
      <div>
        <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "quests-hub" })} data-testid="quests-open">
          {q("open")}
        </Button>
      </div>
    </section>
  );
}

function TaskRow({ task }: { task: QuestView["tasks"][number] }) {
  const q = useQ();
  return (
    <li className="quest-task" data-testid={`quest-task-${task.id}`}>
      <div className="bonus-progress-row">
        <span>{q(task.kind === "deposit" ? "taskDeposit" : "taskBet")}</span>
        <span>{task.completed ? q("done") : q("progress", { progress: String(task.progress), quantity: String(task.quantity) })}</span>
      </div>
      <div className="bonus-bar" role="progressbar" aria-label={q("tasks")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={task.percent}>
        <span style={{ width: `${task.percent}%` }} />
      </div>
    </li>
  );
}

/** One quest in the hub: its tasks' progress and what the player can do. */
function QuestCard({ quest }: { quest: QuestView }) {
  const q = useQ();
  const dispatch = useDispatch();
  const open = (id: "quest-tasks" | "quest-rewards" | "quest-task-games") => dispatch({ type: "openModal", id, params: [["questId", String(quest.id)]] });
  return (
    <li className={quest.active ? "bonus-card bonus-card-active" : "bonus-card"} data-testid={`quest-${quest.id}`}>
      <div className="bonus-card-head">
        <h3>{quest.name}</h3>
        <span className={quest.active ? "bonus-badge bonus-badge-active" : "bonus-badge"}>{q(quest.active ? "active" : "offered")}</span>
      </div>
      <ul className="quest-tasks">
        {quest.tasks.map((t) => (
          <TaskRow key={t.id} task={t} />
        ))}
      </ul>
      <div className="bonus-actions">
        {quest.active ? (
          <Button variant="secondary" busy={quest.busy} onClick={() => dispatch({ type: "questCancel", id: quest.id })}>
            {q("cancel")}
          </Button>
        ) : (
          <Button busy={quest.busy} onClick={() => dispatch({ type: "questActivate", id: quest.id })} data-testid="quest-activate">
            {q("activate")}
          </Button>
        )}
      </div>
      <div className="bonus-links">
        <button type="button" className="link-btn" onClick={() => open("quest-tasks")}>
          {q("tasks")}
        </button>
        <button type="button" className="link-btn" onClick={() => open("quest-rewards")}>
          {q("rewards")}
        </button>
        <button type="button" className="link-btn" onClick={() => open("quest-task-games")}>
          {q("games")}
        </button>
      </div>
    </li>
  );
}

/** quests-hub, quest-tasks, quest-rewards and quest-task-games. */
export function QuestModal({ id }: { id: "quests-hub" | "quest-tasks" | "quest-rewards" | "quest-task-games" }) {
  // The tasks' games by name (a modal can open on any page).
  useGamesPainted();
  const q = useQ();
  const dispatch = useDispatch();
  const quests = useCore((s) => s.bonuses.quests);
  const questId = useCore((s) => s.nav.modal?.params.questId);
  const list = quests ?? [];
  const guest = useCore((s) => s.session.status === "guest");
  const t = useText();
  if (guest) {
    return (
      <div className="bonus-confirm">
        <p className="muted">{q("empty")}</p>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </div>
    );
  }
  if (id === "quests-hub") {
    return (
      <div className="bonuses" data-testid="quests-hub">
        {list.length === 0 ? <p className="muted">{q("empty")}</p> : null}
        <ul className="bonus-list quest-list">
          {list.map((quest) => (
            <QuestCard key={quest.id} quest={quest} />
          ))}
        </ul>
      </div>
    );
  }
  const quest = list.find((x) => String(x.id) === questId);
  const back = (
    <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "quests-hub" })}>
      {q("title")}
    </Button>
  );
  if (!quest) {
    return (
      <div className="bonus-confirm">
        <p className="muted">{q("notFound")}</p>
        {back}
      </div>
    );
  }
  // The tasks' games by name once the catalogue is in; until then by id, without a link (the
  // game page's address needs the game's identity).
  const named = [...new Map(quest.tasks.flatMap((t) => t.namedGames).map((g) => [g.href, g])).values()];
  const ids = [...new Set(quest.tasks.flatMap((t) => t.gameIds))];
  const games = named.length > 0 ? named : ids.map((id) => ({ href: "", name: q("game", { id: String(id) }) }));
  return (
    <div className="bonus-confirm" data-testid={id}>
      <h3>{quest.name}</h3>
      {id === "quest-tasks" ? (
        <ul className="quest-tasks">
          {quest.tasks.map((t) => (
            <TaskRow key={t.id} task={t} />
          ))}
        </ul>
      ) : null}
      {id === "quest-rewards" ? <p className="bonus-amount">{quest.reward}</p> : null}
      {id === "quest-task-games" ? (
        games.length > 0 ? (
          <ul className="bonus-codes">
            {games.map((g) =>
              g.href ? (
                <li key={g.href}>
                  <Link href={g.href} onClick={() => dispatch({ type: "closeModal" })}>
                    {g.name}
                  </Link>
                </li>
              ) : (
                <li key={g.name}>{g.name}</li>
              ),
            )}
          </ul>
        ) : (
          <p className="muted">{q("noGames")}</p>
        )
      ) : null}
      <div className="bonus-actions">{back}</div>
    </div>
  );
}
