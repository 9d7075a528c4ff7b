// Every namespace's xi strings in one module, keyed by file path (lib/i18n.ts names them).
import kinds from "@candor/contract/ledger-kind-titles/xi.json";

const files = import.meta.glob(["../*/xi.json", "../../features/*/locales/xi.json"], {
  eager: true,
  import: "default",
});

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default { ...files, "../ledgerKinds/xi.json": kinds };
