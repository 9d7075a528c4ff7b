// Every namespace's jp strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/jp.json", "../../features/*/locales/jp.json"], {
  eager: true,
  import: "default",
});
