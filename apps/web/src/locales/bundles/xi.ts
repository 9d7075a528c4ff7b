// Every namespace's xi strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/xi.json", "../../features/*/locales/xi.json"], {
  eager: true,
  import: "default",
});
