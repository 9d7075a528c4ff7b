// The auth feature's public components (a feature's public files are api.ts and index.ts;
// apps/web/test/front-end-boundaries.test.ts): the security check other screens show, and
// the prompt to prove the account's address where money would move.
export { ContactProofBanner, ContactProofGate } from "./contact-proof-notice";
export { SecurityCheck } from "./security-check";
