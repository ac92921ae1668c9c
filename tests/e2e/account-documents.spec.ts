// Verification documents and the identity check on the personal page (issue 14; SPEC §7
// Player documents and services/sumsub/auth): a PNG uploaded as a multipart form with its
// progress, the row with its status; a wrong type or a too-big file refused before any
// request; the delete confirmed in the row; an approved one stays; the Sumsub stand-in round
// trip; axe; screenshots at both sizes.
import { expect, test, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { control, register, signedIn } from "./player";

// The smallest valid PNG (1x1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Counts the document uploads the page sends. */
function uploads(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/player/documents")) seen.push(r.headers()["content-type"] ?? "");
  });
  return seen;
}

test("upload a PNG with its progress, refuse wrong files before sending, delete, approved stays", async ({ page, request }) => {
  const player = await register(request, "docs");
  const sent = uploads(page);
  await signedIn(page, player, "/profile/personal");
  const section = page.locator("section.documents");
  await expect(section.getByRole("heading", { name: "Verification" })).toBeVisible();
  await expect(section.getByText("No documents uploaded yet.")).toBeVisible();
  const file = section.getByLabel("File");
  const upload = section.getByRole("button", { name: "Upload" });

  // Wrong type and too big: the message, nothing sent.
  await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(section.locator("#document-file-error")).toHaveText("This file is not a JPG, PNG or PDF. Choose another file.");
  await expect(upload).toBeDisabled();
  await file.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(section.locator("#document-file-error")).toHaveText("This file is larger than 10 MB. Choose a smaller file.");
  expect(sent).toEqual([]);

  // A PNG as the identity document: the progress runs to the end, the row appears pending.
  await section.getByLabel("Document type").selectOption("identity");
  await file.setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
  await expect(section.locator("#document-file-error")).toHaveCount(0);
  const progress: number[] = [];
  await page.exposeFunction("seenProgress", (p: number) => progress.push(p));
  await page.evaluate(() =>
    document.getElementById("document-file")!.addEventListener("uploadprogress", (e) =>
      (window as unknown as { seenProgress: (p: number) => void }).seenProgress((e as CustomEvent<number>).detail),
    ),
  );
  await upload.click();
  await expect(page.getByText("Document uploaded. We will review it soon.")).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^multipart\/form-data; boundary=/);
  expect(progress.at(-1)).toBe(100);
  const rows = section.locator("li.document");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Passport or ID card");
  await expect(rows.first()).toContainText("passport.png");
  await expect(rows.first()).toContainText("Under review");
  await expect(file).toHaveValue("");

  // A second one, then delete it after the row asks.
  await section.getByLabel("Document type").selectOption("address");
  await file.setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: PNG });
  await upload.click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Proof of address");
  await rows.first().getByRole("button", { name: "Delete bill.png" }).click();
  await expect(rows.first()).toContainText("Delete bill.png? This cannot be undone.");
  await rows.first().getByRole("button", { name: "Keep it" }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole("button", { name: "Delete bill.png" }).click();
  await rows.first().getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Document deleted.")).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The reviewer approves the identity document: approved, no delete any more.
  const list = await (await request.get(`${process.env.BASE_URL}/api/player/documents`, { headers: { Authorization: `Bearer ${player.token}` } })).json();
  await control(request, "document-status", { id: list.documents[0].id, status: 2 });
  await page.reload();
  await expect(rows.first()).toContainText("Approved");
  await expect(rows.first().getByRole("button")).toHaveCount(0);
  await axeClean(page);
});

test("a refused upload keeps the file and retries", async ({ page, request }) => {
  const player = await register(request, "docsfail");
  await signedIn(page, player, "/profile/personal");
  const section = page.locator("section.documents");
  // Named like a PDF, but the bytes are not: the server refuses it with its reason.
  await section.getByLabel("File").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  let fails = 1;
  await page.route("**/api/player/documents", async (route) => {
    if (route.request().method() === "POST" && fails-- > 0) return route.abort("failed");
    return route.fallback();
  });
  await section.getByRole("button", { name: "Upload" }).click();
  await expect(section.locator("#document-file-error")).toHaveText("The upload failed. Your file is kept: try again.");
  await section.getByRole("button", { name: "Try again" }).click();
  await expect(section.locator("#document-file-error")).toHaveText("The file must be a JPG, PNG or PDF.");
  await expect(section.getByRole("button", { name: "Try again" })).toBeEnabled();
  expect(await section.getByLabel("File").evaluate((i: HTMLInputElement) => i.files?.[0]?.name)).toBe("scan.pdf");
});

test("the identity check: the stand-in page, back to the profile, verified", async ({ page, request }) => {
  const player = await register(request, "kyc");
  await signedIn(page, player, "/profile/personal");
  const check = page.getByTestId("identity-check");
  await check.getByRole("button", { name: "Verify identity" }).click();
  // The stand-in page (the profile's own section has a heading of the same name: the address
  // first).
  await expect(page).toHaveURL(/\/api\/player\/services\/sumsub\/check\?token=[^&]+&back=/);
  await expect(page.getByRole("heading", { level: 1, name: "Identity check" })).toBeVisible();
  await page.getByRole("button", { name: "Finish the check" }).click();
  await expect(page).toHaveURL(/\/profile\/personal$/);
  await expect(check.getByText("Your identity is verified.")).toBeVisible();
  await expect(check.getByRole("button", { name: "Verify identity" })).toHaveCount(0);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshot of the documents (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "docshot");
    await signedIn(page, player, "/profile/personal");
    const section = page.locator("section.documents");
    await section.getByLabel("File").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(section.locator("li.document")).toHaveCount(1);
    await section.getByLabel("File").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await expect(section.locator("#document-file-error")).toBeVisible();
    await section.locator("li.document").first().getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => `${e.tagName}.${e.className}`)
        .slice(0, 12),
    );
    expect(wide, "nothing wider than the screen").toEqual([]);
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: test.info().outputPath(`documents-${s.name}.png`), fullPage: true });
  });
}
