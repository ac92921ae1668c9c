// Firefox smoke, a validation message without a player: the sign-up form's invalid e-mail shows
// the core's message and sends nothing.
import { expect, test } from "@playwright/test";
import { button, fill, firefoxSession, textOf, url, visible } from "./browser";

const firefox = firefoxSession();

test("an invalid e-mail on the sign-up form shows the core's message", async () => {
  const driver = firefox();
  await driver.get(url("/?modal=sign-up"));
  await fill(driver, "#signup-email", "someone@gmail.c");
  await (await button(driver, "Sign up", '[role="dialog"]')).click();
  await textOf(driver, "#signup-email-error", { exact: "Value is not a valid email address" });
  const email = await visible(driver, "#signup-email");
  expect(await email.getAttribute("aria-invalid")).toBe("true");
  expect(await email.getAttribute("aria-describedby")).toBe("signup-email-error");
  // Still a guest: nothing was sent.
  await visible(driver, '[role="dialog"]');
  await button(driver, "Sign in", "header");
});
