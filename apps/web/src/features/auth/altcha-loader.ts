// Loads the ALTCHA widget (the <altcha-widget> element) on first use only: the screens that
// ask for the security check import this lazily, so the app's shell never carries it.
// `altcha/external` has no inline workers (the CSP allows scripts from our own origin only);
// the PBKDF2 worker is bundled as a file of our own.
import "altcha/altcha.css";
import "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** The widget's texts in the app's language (`strings` from the auth locale's securityCheck). */
export function setAltchaStrings(language: string, strings: Record<string, string>) {
  globalThis.$altcha.i18n.set(language, strings);
}
