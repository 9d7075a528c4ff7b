// Identity verification in the browser with real images: a large noisy PNG (compressed
// to a 1080 px JPEG before upload) and a small JPEG (uploaded unchanged) → pending.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { field, registerCustomer, useToken } from "./support/customer";

interface Uploaded {
  url: string;
  mime: string;
  size: number;
}

/** Draw an image in the page and return its bytes. Noise keeps PNGs from shrinking. */
async function drawImage(page: Page, width: number, height: number, type: "image/png" | "image/jpeg") {
  const base64 = await page.evaluate(
    async ({ width, height, type }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const pixels = ctx.createImageData(width, height);
      for (let i = 0; i < pixels.data.length; i += 4) {
        pixels.data[i] = Math.random() * 256;
        pixels.data[i + 1] = Math.random() * 256;
        pixels.data[i + 2] = Math.random() * 256;
        pixels.data[i + 3] = 255;
      }
      ctx.putImageData(pixels, 0, 0);
      ctx.fillStyle = "#1677ff";
      ctx.fillRect(width * 0.1, height * 0.1, width * 0.3, height * 0.4);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), type, 0.92));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, type },
  );
  return Buffer.from(base64, "base64");
}

async function pickPhoto(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const response = page.waitForResponse(
    (r) => r.url().includes("/api/sys/common/upload") && r.request().method() === "POST",
  );
  await page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles(file);
  const res = await response;
  expect(res.status()).toBe(200);
  expect(res.url()).toContain("purpose=kyc");
  return (await res.json()).result as Uploaded;
}

test("identity verification with real photos ends in review", async ({ page, request }) => {
  const customer = await registerCustomer(request, "kyc");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.identityVerification}`);
  await expect(page.getByText("Your document", { exact: true })).toBeVisible();

  // Something that is not an image is refused before any upload.
  await page.locator('input[type="file"][aria-label="ID card, front"]').setInputFiles({
    name: "notes.png",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Please choose an image file" }).first()).toBeVisible();

  // Submitting without the required fields explains what is missing.
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Please choose the issuing country")).toBeVisible();
  await expect(page.getByText("Please add this photo")).toHaveCount(2);

  await page.getByRole("button", { name: "Choose a country" }).click();
  const picker = page.getByRole("dialog", { name: "Issuing country" });
  await picker.getByPlaceholder("Search country").fill("thai");
  await picker.getByText("Thailand", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Thailand" })).toBeVisible();
  await field(page, "Full name (as on the document)").fill("Somchai Jaidee");
  await field(page, "Document number").fill("1 2345 67890 12 3");

  // Front: a 1600×1000 PNG of noise, far above 2,048,000 bytes → JPEG, 1080 px wide.
  const big = await drawImage(page, 1600, 1000, "image/png");
  expect(big.length).toBeGreaterThan(2_048_000);
  const front = await pickPhoto(page, "ID card, front", { name: "front.png", mimeType: "image/png", buffer: big });
  expect(front.mime).toBe("image/jpeg");
  expect(front.size).toBeLessThan(big.length);
  expect(front.size).toBeLessThanOrEqual(5 * 1024 * 1024);

  // Back: a small JPEG (under 200 KB) goes up byte for byte.
  const small = await drawImage(page, 240, 150, "image/jpeg");
  expect(small.length).toBeLessThan(200 * 1024);
  const back = await pickPhoto(page, "ID card, back", { name: "back.jpg", mimeType: "image/jpeg", buffer: small });
  expect(back).toMatchObject({ mime: "image/jpeg", size: small.length });
  await expect(page.getByText("Uploaded", { exact: true })).toHaveCount(2);

  // The compressed front really is 1080 px wide (read back as its owner).
  const dims = await page.evaluate(async (url) => {
    const stored = JSON.parse(localStorage.getItem("candor-user") ?? "{}");
    const res = await fetch(url, { headers: { "X-Access-Token": stored.state.token } });
    const bitmap = await createImageBitmap(await res.blob());
    return [bitmap.width, bitmap.height];
  }, front.url);
  expect(dims).toEqual([1080, 675]);

  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/#\/renzhengResult$/);
  await expect(page.getByText("Identity verification under review")).toBeVisible();
  await expect(page.getByRole("region", { name: "Basic verification" }).getByText("Under review")).toBeVisible();
  await expect(page.getByRole("region", { name: "Advanced verification" }).getByText("Not started")).toBeVisible();

  // The stored user was refreshed, and the server agrees.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("candor-user") ?? "{}").state?.user?.kycStatus))
    .toBe("pending");
  const status = await request.get("/api/user/kyc/status", { headers: { "X-Access-Token": customer.token } });
  expect((await status.json()).result.basic).toMatchObject({ status: "pending", documentType: "id_card" });

  // While basic is pending, the basic form shows the review and advanced explains why it waits.
  await page.goto(`/#${routes.identityVerification}`);
  await expect(page.getByText("Your documents are under review")).toBeVisible();
  await page.goto(`/#${routes.advancedVerification}`);
  await expect(page.getByText("Basic verification comes first")).toBeVisible();
  await expect(page.getByText(/Your basic verification is under review/)).toBeVisible();
});

test("a passport needs only the portrait page", async ({ page, request }) => {
  const customer = await registerCustomer(request, "passport");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.identityVerification}`);
  await page.getByText("Passport", { exact: true }).click();
  await expect(page.locator('input[type="file"][aria-label="Passport photo page"]')).toHaveCount(1);
  await expect(page.locator('input[type="file"][aria-label="ID card, back"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Choose a country" }).click();
  await page.getByRole("dialog", { name: "Issuing country" }).getByPlaceholder("Search country").fill("KR");
  await page.getByRole("dialog", { name: "Issuing country" }).getByText("South Korea", { exact: true }).click();
  await field(page, "Full name (as on the document)").fill("Kim Minji");
  await field(page, "Document number").fill("M12345678");
  const photo = await drawImage(page, 900, 640, "image/jpeg");
  await pickPhoto(page, "Passport photo page", { name: "passport.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/#\/renzhengResult$/);
  await expect(page.getByRole("region", { name: "Basic verification" }).getByText("Passport")).toBeVisible();
});
