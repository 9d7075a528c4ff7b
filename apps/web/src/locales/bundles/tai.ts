// Every namespace's tai strings in one module, keyed by file path (lib/i18n.ts names them).
import kinds from "@candor/contract/ledger-kind-titles/tai.json";

const files = import.meta.glob(["../*/tai.json", "../../features/*/locales/tai.json"], {
  eager: true,
  import: "default",
});

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default { ...files, "../ledgerKinds/tai.json": kinds };
