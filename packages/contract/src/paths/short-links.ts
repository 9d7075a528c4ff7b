// Short links: resolve (public), list and save (operator). Shapes: ../endpoints/short-links.ts.
export const shortLinkPaths = {
  use: "/api/set/appShortLink/use",
  operatorList: "/api/operator/shortLinks/list",
  operatorSave: "/api/operator/shortLinks/save",
} as const;
