// Every API path, by area: plain strings the web and console import at run time
// (`@candor/contract/paths`) without the zod schemas. One area per file; the endpoint
// tables (../endpoints) pair each path with its method, auth and shapes.
export { accountChangePrefixes, accountFeedPaths } from "./account-feed";
export { alertPaths } from "./alerts";
export { authPaths } from "./auth";
export { chatPaths } from "./chat";
export { contentPaths } from "./content";
export { contestPaths } from "./contests";
export { contractPaths } from "./contracts";
export { countryPaths } from "./countries";
export { customerPaths } from "./customers";
export { demoPaths } from "./demo";
export { disclosurePaths } from "./disclosure";
export { earnPaths } from "./earn";
export { exchangePaths } from "./exchange";
export { ieoPaths } from "./ieo";
export { jobPaths } from "./jobs";
export { kycPaths } from "./kyc";
export { loanPaths } from "./loans";
export { marketPaths } from "./market";
export { optionPaths } from "./options";
export { privacyPaths } from "./privacy";
export { productPaths } from "./products";
export { profilePaths } from "./profile";
export { protectionPaths } from "./protection";
export { reservePaths } from "./reserves";
export { rewardPaths } from "./rewards";
export { riskPaths } from "./risk";
export { sandboxPaths } from "./sandbox";
export { seedAliasPaths } from "./seed-aliases";
export { settlementPaths } from "./settlement";
export { shortLinkPaths } from "./short-links";
export { spotPaths } from "./spot";
export { staffPaths } from "./staff";
export { statementPaths } from "./statements";
export { systemPaths } from "./system";
export { uploadPaths } from "./uploads";
export { walletPaths } from "./wallet";
