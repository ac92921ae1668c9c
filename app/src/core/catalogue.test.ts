import { describe, expect, it } from "vitest";
import { handOver, PART_CHARS } from "./catalogue";
import type { UiEvent } from "./types";

describe("handOver", () => {
  it("hands a long catalogue over in parts of whole lines, one task each, the last as the catalogue", async () => {
    const line = (i: number) => `game-${i}\tGame ${i}\t0\t1\t0\t1\n`;
    let text = "croupier-catalogue 1\n";
    for (let i = 0; text.length < PART_CHARS * 3.5; i++) text += line(i);
    const events: UiEvent[] = [];
    let tasks = 0;
    await handOver(text, (e) => events.push(e), async () => {
      tasks++;
    });
    expect(events.length).toBe(4);
    expect(tasks).toBe(3);
    expect(events.slice(0, -1).every((e) => e.type === "gamesCataloguePart")).toBe(true);
    expect(events[events.length - 1].type).toBe("gamesCatalogue");
    const parts = events.map((e) => ("text" in e ? e.text : ""));
    expect(parts.join("")).toBe(text);
    for (const p of parts.slice(0, -1)) expect(p.endsWith("\n")).toBe(true);
  });

  it("hands a short catalogue over whole", async () => {
    const events: UiEvent[] = [];
    await handOver("croupier-catalogue 1\nP\t1\tp\tP\n", (e) => events.push(e), async () => {});
    expect(events).toEqual([{ type: "gamesCatalogue", text: "croupier-catalogue 1\nP\t1\tp\tP\n" }]);
  });
});
