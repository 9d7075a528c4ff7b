// Every namespace's mlxy strings in one module, keyed by file path (lib/i18n.ts names them).
export default import.meta.glob(["../*/mlxy.json", "../../features/*/locales/mlxy.json"], {
  eager: true,
  import: "default",
});
