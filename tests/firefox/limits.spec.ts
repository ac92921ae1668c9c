// Firefox smoke, a profile form (issue 14's first part on main, /profile/limits): the add-limit
// form's bad input shows the core's messages under the fields and sends nothing; the corrected
// limit is saved and is still there after a reload.
import { expect, test } from "@playwright/test";
import { By } from "selenium-webdriver";
import { button, choose, fill, firefoxSession, gone, textOf, url, visible } from "./browser";
import { api, signUp, token } from "./player";

const firefox = firefoxSession();
const dialog = '[role="dialog"]';
const bet = '[data-testid="limits-bet"]';
const limits = async (auth: string) => (await api("/api/player/limits", { auth })) as { period: string; amount: string }[];

test("a new player opens the bet limit form on the limits page", async () => {
  const driver = firefox();
  await signUp(driver);
  await driver.get(url("/profile/limits"));
  await textOf(driver, `${bet} > p.muted`, { exact: "No limit set." });
  await (await button(driver, "Add limit", bet)).click();
  await textOf(driver, `${dialog} [data-testid="limit-kind"]`, "Bet limit");
});

test("a missing period and a bad amount show the core's messages and send nothing", async () => {
  const driver = firefox();
  await fill(driver, "#limit-amount", "1.005");
  await (await button(driver, "Save", dialog)).click();
  await textOf(driver, "#limit-period-error", { exact: "This field is required" });
  await textOf(driver, "#limit-amount-error", { exact: "Must be a decimal number" });
  const amount = await visible(driver, "#limit-amount");
  expect(await amount.getAttribute("aria-invalid")).toBe("true");
  expect(await amount.getAttribute("value")).toBe("1.005");
  expect(await limits(await token(driver))).toEqual([]);
});

test("the corrected limit is saved and stays after a reload", async () => {
  const driver = firefox();
  await choose(driver, "#limit-period", "weekly");
  await fill(driver, "#limit-amount", "25");
  await (await button(driver, "Save", dialog)).click();
  await gone(driver, dialog);
  await textOf(driver, `${bet} .limit-row`, "25.00 USD");
  expect(await limits(await token(driver))).toMatchObject([{ period: "weekly", amount: "25.00" }]);
  await driver.navigate().refresh();
  await textOf(driver, `${bet} .limit-row`, "25.00 USD");
  expect(await driver.findElements(By.css(`${bet} .limit-row`))).toHaveLength(1);
});
