// Loaders of every namespace's vl strings, keyed by file path (lib/i18n.ts names them).
// The build puts the first screens' namespaces in this module's chunk and the rest in a
// second chunk (build/chunks.ts, lib/i18n-namespaces.ts): loading the first ones costs no
// request beyond this module's, and the rest are one request, made after the first screen.
const files = import.meta.glob(["../*/vl.json", "../../features/*/locales/vl.json"], {
  import: "default",
}) as Record<string, () => Promise<unknown>>;

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default {
  ...files,
  "../ledgerKinds/vl.json": () => import("@candor/contract/ledger-kind-titles/vl.json").then((m) => m.default),
};
