// Firefox smoke, the side drawer on a short window (what the first Firefox run found): the
// navigation overflows, stays scrollable and reachable by keyboard, and its scrollbar draws no
// track beside the links (Firefox drew a light one; styles.css `.drawer`).
import { expect, test } from "@playwright/test";
import { Key, type WebElement } from "selenium-webdriver";
import { firefoxSession, loaded, url, visible, WAIT_MS } from "./browser";

const firefox = firefoxSession(1280, 600);

test("a short window's drawer scrolls to its last link by keyboard, with no scrollbar track", async () => {
  const driver = firefox();
  await driver.get(url("/games"));
  await loaded(driver);
  const drawer = await visible(driver, "#drawer");
  const size = (await driver.executeScript("const d = arguments[0]; return [d.scrollHeight, d.clientHeight]", drawer)) as number[];
  expect(size[0], "the drawer overflows a 600 px window").toBeGreaterThan(size[1]);
  const track = (await driver.executeScript("return getComputedStyle(arguments[0]).scrollbarColor", drawer)) as string;
  expect(track, "scrollbar colours: thumb, then a transparent track").toMatch(/(transparent|rgba\(0, 0, 0, 0\))$/);

  const links = await drawer.findElements({ css: "a" });
  const last = links[links.length - 1];
  await driver.executeScript("arguments[0].focus()", links[0]);
  await driver.wait(
    async () => {
      const active = (await driver.switchTo().activeElement()) as WebElement;
      if ((await active.getId()) === (await last.getId())) return true;
      await driver.actions().sendKeys(Key.TAB).perform();
      return false;
    },
    WAIT_MS,
    "Tab never reached the drawer's last link",
  );
  const inView = await driver.executeScript(
    "const d = arguments[0].getBoundingClientRect(), a = arguments[1].getBoundingClientRect(); return arguments[0].scrollTop > 0 && a.top >= d.top && a.bottom <= d.bottom",
    drawer,
    last,
  );
  expect(inView, "the focused last link is scrolled into the drawer's view").toBe(true);
});
