// Item 13 of "Security to OWASP ASVS level 2": absolute URLs come from PUBLIC_URL, never
// from the request's Host header. A forged Host would otherwise put an attacker's address
// into a share page's Open Graph tags (cached by link previews) or a customer's invite link.
import { describe, expect, it } from "vitest";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const PUBLIC_URL = "https://app.candor.example";
const { app } = await setupApp({ publicUrl: PUBLIC_URL });

const announcementId = async () => {
  const list = (await app.inject({ method: "GET", url: "/api/sys/annountCement/vue3List" })).json().result;
  return list.records[0].id as number;
};

describe("absolute URLs", () => {
  it("a forged Host header does not appear in the share page's Open Graph tags", async () => {
    const id = await announcementId();
    const page = await app.inject({
      method: "GET",
      url: `/share/announcement/${id}?lang=en-us`,
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("evil.example");
    expect(page.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/announcement/${id}?lang=en-us">`);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/share/announcement/${id}?lang=en-us">`);
  });

  it("a forged Host header does not appear in the customer's invite link", async () => {
    const c = await registerCustomer(app);
    const res = await app.inject({
      method: "GET",
      url: "/api/marketing/myTeam",
      headers: { ...auth(c.token), host: "evil.example" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.inviteLink).toMatch(new RegExp(`^${PUBLIC_URL}/#/login\\?invite=`));
  });
});
