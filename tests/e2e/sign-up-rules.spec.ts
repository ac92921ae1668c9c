// Sign-up follows the operator's registration rules (SPEC §5 scenario registration; issue 29):
// when they require more than e-mail, password, currency and terms, the form offers those
// fields, checks them, keeps what was typed through a refusal, and the new profile holds them.
import { expect, test } from "./fixtures";
import { axeClean } from "./axe";

const url = (path: string) => `${process.env.BASE_URL}${path}`;

for (const size of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`a sign-up offers the fields the registration rules require (${size.name})`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const set = await request.post(url("/api/_control/registration-fields"), { data: { required: ["firstName", "birthdate", "country"] } });
    expect(set.ok()).toBeTruthy();
    try {
      const registers: string[] = [];
      page.on("request", (r) => r.url().includes("/api/player/register") && registers.push(r.postData() ?? ""));
      await page.goto(url("/?modal=sign-up"));
      const dialog = page.getByRole("dialog", { name: "Create your account" });
      await expect(dialog.getByLabel("First name")).toBeVisible();
      await expect(dialog.getByLabel("Date of birth")).toBeVisible();
      const country = dialog.getByLabel("Country");
      await expect(country.locator("option[value=BR]")).toHaveCount(1);
      // SPEC §5's excluded countries are not offered.
      await expect(country.locator("option[value=US]")).toHaveCount(0);
      await expect(dialog.getByLabel("City")).toHaveCount(0);

      const email = `rules${Date.now()}${size.width}@example.com`;
      await dialog.getByLabel("E-mail").fill(email);
      await dialog.getByLabel("Password").fill("royal-flush-9");
      await dialog.getByLabel("Currency").selectOption("USD");
      await dialog.getByLabel(/I am over 18/).check();
      await dialog.getByRole("button", { name: "Sign up" }).click();
      for (const f of ["firstName", "birthdate", "country"]) {
        await expect(dialog.locator(`#signup-${f}-error`)).toBeVisible();
      }
      expect(registers).toHaveLength(0);

      // Too young: the server judges the age, the message lands under the date, text kept.
      await dialog.getByLabel("First name").fill("Ana");
      await dialog.getByLabel("Date of birth").fill("2015-06-01");
      await country.selectOption("BR");
      await dialog.getByRole("button", { name: "Sign up" }).click();
      await expect(dialog.locator("#signup-birthdate-error")).toHaveText("You must be at least 18 years old.");
      await expect(dialog.getByLabel("First name")).toHaveValue("Ana");
      await axeClean(page, "[role=dialog]");
      if (size.width === 390) await page.screenshot({ path: "test-results/sign-up-rules-390.png" });
      else await page.screenshot({ path: "test-results/sign-up-rules-1280.png" });

      await dialog.getByLabel("Date of birth").fill("1990-05-17");
      await dialog.getByRole("button", { name: "Sign up" }).click();
      await expect(dialog).toBeHidden();
      const sent = JSON.parse(registers[registers.length - 1]);
      expect(sent).toMatchObject({ firstName: "Ana", birthdate: "1990-05-17", country: "BR" });
      // The profile holds them: the personal page shows them.
      await page.goto(url("/profile/personal"));
      await expect(page.getByLabel("First name")).toHaveValue("Ana");
      await expect(page.getByLabel("Country")).toHaveValue("BR");
    } finally {
      await request.delete(url("/api/_control/registration-fields"));
    }
  });
}
