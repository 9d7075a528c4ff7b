// The console's content screen at 1280×800: the admin writes an announcement (a draft
// nobody sees), publishes it, translates it into Korean, and retracts it; customers see
// it only while published, in their language, with the script removed.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, fillText, saveAnyway, unique } from "./support";

test("the admin writes, publishes, translates and retracts an announcement", async ({ page, request }) => {
  test.setTimeout(120_000);
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Content" }).click();
  await expect(page.getByRole("heading", { name: "Content" })).toBeVisible();
  await page.getByRole("button", { name: "New item" }).click();
  const dialog = page.getByRole("dialog");
  const title = unique("Console announcement ");
  await dialog.getByLabel("Title (English)").fill(title);
  await fillText(dialog, "title", "繁體中文", "Title (Traditional Chinese)", `${title} 公告`);
  await dialog.getByLabel("Text (HTML) (English)").fill('<p>Planned maintenance.</p><script>alert("x")</script>');
  await dialog.getByLabel("Pinned").check();
  await page.screenshot({ path: test.info().outputPath("content-new.png") });
  // Korean and five more languages are missing: the console asks before saving.
  await saveAnyway(page, dialog);
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Draft");
  const listed = async (lang = "en-us") =>
    (
      (
        await (
          await request.get("/api/sys/annountCement/vue3List?pageSize=100", { headers: { "x-lang": lang } })
        ).json()
      ).result.records as { id: number; title: string }[]
    ).find((r) => r.title.startsWith(title));
  expect(await listed()).toBeUndefined();

  // Publish now.
  await row.getByRole("button", { name: "Publish / schedule" }).click();
  // Publishing with languages missing says which.
  await expect(page.getByTestId("missing-langs")).toContainText("한국어");
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(row).toContainText("Published");
  const item = await listed("zh-cn");
  expect(item?.title).toBe(`${title} 公告`);
  const detail = await (await request.get(`/api/sys/annountCement/detail?id=${item?.id}`)).json();
  expect(detail.result.body).toBe("<p>Planned maintenance.</p>");

  // Translate into Korean.
  await row.getByRole("button", { name: "Translate" }).click();
  const tr = page.getByRole("dialog");
  await tr.getByLabel("Language").click();
  await page.locator('.ant-select-item-option[title="한국어"]').click();
  await tr.getByLabel("Title").fill(`${title} 공지`);
  await tr.getByRole("button", { name: "Save" }).click();
  await expect(tr).toBeHidden();
  expect((await listed("ko"))?.title).toBe(`${title} 공지`);
  await page.screenshot({ path: test.info().outputPath("content-list.png") });

  // Retract: customers no longer see it.
  await row.getByRole("button", { name: "Retract" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Retracted");
  expect(await listed()).toBeUndefined();
});
