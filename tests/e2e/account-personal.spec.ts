// The personal page (issue 14; SPEC §2 profile personal, §3 form fields, §5 server field rules
// of scenario profile, CPF for Brazil): the rules' messages under the fields, the server's
// refusal (age) under its field, typed text kept, saved details back after a reload.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
let seq = 0;

async function signedIn(page: Page, request: APIRequestContext) {
  const email = `pers${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  const body = await res.json();
  await page.context().addCookies([{ name: "access_token", value: body.accessToken, url: base() }]);
  return body.accessToken as string;
}

test("personal details: rules, Brazil's CPF, the server's age check, saved", async ({ page, request }) => {
  const token = await signedIn(page, request);
  await page.goto(url("/profile/info"));
  await page.getByRole("button", { name: "Personal details" }).click();
  await expect(page).toHaveURL(url("/profile/personal"));
  const save = page.getByRole("button", { name: "Save details" });
  await save.click();
  // Required by the server's rules (isRequired): messages under each field, nothing sent.
  for (const id of ["firstName", "lastName", "birthdate", "country"]) {
    await expect(page.locator(`#personal-${id}-error`)).toBeVisible();
  }
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("Silva");
  await page.getByLabel("Date of birth").fill("2015-06-01");
  await page.getByLabel("Country").selectOption("BR");
  await expect(page.getByLabel("Country").locator("option[value=FR]")).toHaveCount(0);
  await page.getByLabel("City").fill("Recife");
  await save.click();
  // Brazil asks for the CPF.
  await expect(page.locator("#personal-cpf_number-error")).toBeVisible();
  await page.getByLabel("CPF").fill("11111111111");
  await save.click();
  await expect(page.locator("#personal-cpf_number-error")).toBeVisible();
  await page.getByLabel("CPF").fill("52998224725");
  await save.click();
  // The age is the server's: its message under the field, the rest kept.
  await expect(page.locator("#personal-birthdate-error")).toHaveText("You must be at least 18 years old.");
  await expect(page.getByLabel("City")).toHaveValue("Recife");
  await page.getByLabel("Date of birth").fill("1990-02-28");
  await save.click();
  await expect(page.getByText("Personal details saved")).toBeVisible();
  const profile = await (await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(profile).toMatchObject({ firstName: "Ana", lastName: "Silva", birthdate: "1990-02-28", country: "BR", city: "Recife", cpf_number: "529.982.247-25" });
  await page.reload();
  await expect(page.getByLabel("CPF")).toHaveValue("529.982.247-25");
  await expect(page.getByLabel("Date of birth")).toHaveValue("1990-02-28");
  await axeClean(page);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshot of the personal page (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    await signedIn(page, request);
    await page.goto(url("/profile/personal"));
    await page.getByLabel("Country").selectOption("BR");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.locator("#personal-cpf_number-error")).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`personal-${s.name}.png`), fullPage: true });
  });
}
