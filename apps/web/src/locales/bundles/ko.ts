// Every namespace's ko strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/ko.json", "../../features/*/locales/ko.json"], {
  eager: true,
  import: "default",
});
