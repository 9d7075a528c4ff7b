// Every namespace's tai strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/tai.json", "../../features/*/locales/tai.json"], {
  eager: true,
  import: "default",
});
