// Every namespace's zh-cn strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/zh-cn.json", "../../features/*/locales/zh-cn.json"], {
  eager: true,
  import: "default",
});
