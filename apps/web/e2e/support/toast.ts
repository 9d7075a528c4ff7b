import type { Locator, Page } from "@playwright/test";

/**
 * The toast that says `text`. A toast from the step before (e.g. "Position opened") may
 * still be on screen when the next one appears, so a toast is found by its text.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator(".adm-toast-main").filter({ hasText: text });
}
