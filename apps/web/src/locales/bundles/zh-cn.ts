// Every namespace's zh-cn strings in one module, keyed by file path (lib/i18n.ts names them).
import kinds from "@candor/contract/ledger-kind-titles/zh-cn.json";

const files = import.meta.glob(["../*/zh-cn.json", "../../features/*/locales/zh-cn.json"], {
  eager: true,
  import: "default",
});

// The ledger reason codes' titles live in the contract (the server's statements use them too):
// the `ledgerKinds` namespace.
export default { ...files, "../ledgerKinds/zh-cn.json": kinds };
