// Every namespace's vl strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/vl.json", "../../features/*/locales/vl.json"], {
  eager: true,
  import: "default",
});
