// The auth feature's public components (a feature's public files are api.ts and index.ts;
// apps/web/test/front-end-boundaries.test.ts): the security check other screens show.
export { SecurityCheck } from "./security-check";
