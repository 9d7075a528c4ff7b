// Product availability endpoints' paths: the public list and the admin's switches.
// Shapes: ../endpoints/products.ts.
export const productPaths = {
  available: "/api/set/products",
  operatorList: "/api/operator/products/list",
  operatorUpdate: "/api/operator/products/update",
} as const;
