// Zod builds fast object parsers with `new Function` and probes for it when a schema is
// created. Our CSP forbids eval (script-src 'self'), so that probe is a CSP violation the
// browser reports (Lighthouse best practices: "Issues logged"). Parsing without it is fast
// enough for the few schemas the app uses. Imported first by the entry: schemas read the
// setting when they are created. Zod keeps its global config on globalThis (so that copies
// of zod share it); setting it there keeps zod's code out of the shell.
// test/zod-jitless.test.ts checks that zod reads it.
const key = "__zod_globalConfig";
const holder = globalThis as typeof globalThis & { [key]?: Record<string, unknown> };
holder[key] = { ...holder[key], jitless: true };

export {};
