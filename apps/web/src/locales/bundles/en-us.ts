// Every namespace's en-us strings in one module, keyed by file path (lib/i18n.ts names them).
import kinds from "@candor/contract/ledger-kind-titles/en-us.json";

const files = import.meta.glob(["../*/en-us.json", "../../features/*/locales/en-us.json"], {
  eager: true,
  import: "default",
});

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default { ...files, "../ledgerKinds/en-us.json": kinds };
