// Issue 35 §5e at 375×812: /my shows the verification status the moment staff decide, through
// the account socket (no reload, no polling): submitted → "Under review"; staff approve through
// the operator API → "Verified" on the open page.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../../console/e2e/admin";
import { staffApiToken } from "../../console/e2e/support";
import { registerCustomer, useToken } from "./support/customer";

/** The smallest file the server takes as a JPEG (magic bytes). */
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 2)]);

test("/my shows the KYC decision as soon as staff make it, without a reload", async ({ page, request }) => {
  const customer = await registerCustomer(request, "my-kyc-live");
  const headers = { "X-Access-Token": customer.token };
  const upload = await request.post("/api/sys/common/upload?purpose=kyc", {
    headers,
    multipart: { file: { name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const submitted = await request.post("/api/user/kyc/basic", {
    headers,
    data: { documentType: "passport", countryCode: "DE", frontImage: (await upload.json()).result.url },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const id = (await submitted.json()).result.id as number;

  await useToken(page, customer.token);
  // Which sockets the page has open (to start the decision only once the account channel is up).
  await page.addInitScript(() => {
    const w = window as unknown as { __openSockets: string[]; WebSocket: typeof WebSocket };
    w.__openSockets = [];
    const Native = w.WebSocket;
    w.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener("open", () => w.__openSockets.push(String(url)));
      }
    };
  });
  await page.goto("/#/my");
  await expect(page.getByText("Under review", { exact: true }).first()).toBeVisible();
  // A mark on this page: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { __sameVisit: boolean }).__sameVisit = true;
  });
  // The account socket is open before staff decide.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __openSockets: string[] }).__openSockets.some((u) =>
          u.includes("/api/websocket/account"),
        ),
      ),
    )
    .toBe(true);

  const staff = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const approved = await request.post("/api/operator/kyc/approve", {
    headers: { "X-Access-Token": staff },
    data: { id },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await expect(page.getByText("Verified", { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameVisit?: boolean }).__sameVisit)).toBe(true);
});
