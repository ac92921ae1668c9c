import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core on the page, or only within `include`: the violations (the results' other lists are
 * not collected). Legacy mode runs `axe.run` in the page itself; the default mode opens a blank
 * page per scan, injects axe-core there a second time and merges the frames' partial results in
 * it, which only cross-origin frames need (the product draws no frames). */
export function axeScan(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  return builder.analyze();
}

/** No axe violation at all on the page (or within `include`); the message names each rule and
 * the nodes it found. */
export async function axeClean(page: Page, include?: string) {
  const r = await axeScan(page, include);
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** No serious or critical axe violation on the page (or within `include`); `label` says which
 * page of a walk through many failed. */
export async function axeNoSerious(page: Page, label: string, include?: string) {
  const result = await axeScan(page, include);
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad).toEqual([]);
}
