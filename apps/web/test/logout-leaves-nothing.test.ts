// Logging out forgets everything on this device: a request still in flight that answers
// 401 after the logout must not write the user store back into localStorage before the
// page reloads (the auth browser test saw `candor-user` come back now and then).
import { beforeEach, describe, expect, it } from "vitest";
import { LANG_STORAGE_KEY } from "../src/lib/i18n";
import { clearLocalData } from "../src/lib/session";
import { USER_STORE_ID, useUserStore } from "../src/stores/user";

describe("after logging out nothing is written back", () => {
  beforeEach(() => localStorage.clear());

  it("a 401 answered after the logout (clearSession, setRedirect) leaves localStorage empty but the language", () => {
    localStorage.setItem(LANG_STORAGE_KEY, "de");
    useUserStore.getState().setSession("token-1", null);
    expect(localStorage.getItem(USER_STORE_ID)).toContain("token-1");

    clearLocalData();
    expect(Object.keys(localStorage)).toEqual([LANG_STORAGE_KEY]);

    // What the API client does on a late 401.
    useUserStore.getState().clearSession();
    useUserStore.getState().setRedirect("/my");
    expect(Object.keys(localStorage)).toEqual([LANG_STORAGE_KEY]);
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("de");
  });
});
