// The protection feature's public components (a feature's public files are api.ts and
// index.ts; apps/web/test/front-end-boundaries.test.ts): the reality check the app shell mounts.
export { RealityCheck } from "./reality-check";
