/** The same server and credentials, another database. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection to the maintenance database, to create and drop test databases. */
export function adminUrl(baseUrl: string): string {
  return databaseUrlFor(baseUrl, "postgres");
}
