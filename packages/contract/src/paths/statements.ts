// Statements and exports: the monthly PDF statement and CSV exports. Shapes: ../endpoints/statements.ts.
export const statementPaths = {
  statement: "/api/finance/statement",
  export: "/api/finance/export",
} as const;
