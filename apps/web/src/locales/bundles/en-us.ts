// Every namespace's en-us strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/en-us.json", "../../features/*/locales/en-us.json"], {
  eager: true,
  import: "default",
});
