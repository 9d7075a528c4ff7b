// Loaders of every namespace's jp strings, keyed by file path (lib/i18n.ts names them).
// The build puts the first screens' namespaces in this module's chunk and the rest in a
// second chunk (build/chunks.ts, lib/i18n-namespaces.ts): loading the first ones costs no
// request beyond this module's, and the rest are one request, made after the first screen.
const files = import.meta.glob(["../*/jp.json", "../../features/*/locales/jp.json"], {
  import: "default",
}) as Record<string, () => Promise<unknown>>;

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default {
  ...files,
  "../ledgerKinds/jp.json": () => import("@candor/contract/ledger-kind-titles/jp.json").then((m) => m.default),
};
