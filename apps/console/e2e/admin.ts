/** The seeded console admin on the browser-test server (CONSOLE_ADMIN_PASSWORD in apps/web/playwright.config.ts). */
export const CONSOLE_ADMIN = { username: "operator", password: "E2e-console-admin-1" };
