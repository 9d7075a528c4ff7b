// Every endpoint of the API, by area (one file per area, one table per file). The server
// registers each table's routes from it; `ApiEndpoint` is the union the clients are typed
// from. Adding an area: its paths file, its table here, and the union below.
import type { Endpoint, HttpMethod } from "../endpoint";
import { alertEndpoints } from "./alerts";
import { authEndpoints } from "./auth";
import { chatEndpoints } from "./chat";
import { contentEndpoints } from "./content";
import { contestEndpoints } from "./contests";
import { contractEndpoints } from "./contracts";
import { countryEndpoints } from "./countries";
import { customerEndpoints } from "./customers";
import { demoEndpoints } from "./demo";
import { disclosureEndpoints } from "./disclosure";
import { earnEndpoints } from "./earn";
import { exchangeEndpoints } from "./exchange";
import { externalLoginEndpoints } from "./external-login";
import { ieoEndpoints } from "./ieo";
import { jobEndpoints } from "./jobs";
import { kycEndpoints } from "./kyc";
import { loanEndpoints } from "./loans";
import { marketEndpoints } from "./market";
import { optionEndpoints } from "./options";
import { privacyEndpoints } from "./privacy";
import { productEndpoints } from "./products";
import { profileEndpoints } from "./profile";
import { protectionEndpoints } from "./protection";
import { reserveEndpoints } from "./reserves";
import { rewardEndpoints } from "./rewards";
import { riskEndpoints } from "./risk";
import { sandboxEndpoints } from "./sandbox";
import { settlementEndpoints } from "./settlement";
import { shortLinkEndpoints } from "./short-links";
import { spotEndpoints } from "./spot";
import { staffEndpoints } from "./staff";
import { statementEndpoints } from "./statements";
import { systemEndpoints } from "./system";
import { uploadEndpoints } from "./uploads";
import { walletEndpoints } from "./wallet";
import { walletOperatorEndpoints } from "./wallet-operator";

export {
  alertEndpoints,
  authEndpoints,
  chatEndpoints,
  contentEndpoints,
  contestEndpoints,
  contractEndpoints,
  countryEndpoints,
  customerEndpoints,
  demoEndpoints,
  disclosureEndpoints,
  earnEndpoints,
  exchangeEndpoints,
  externalLoginEndpoints,
  ieoEndpoints,
  jobEndpoints,
  kycEndpoints,
  loanEndpoints,
  marketEndpoints,
  optionEndpoints,
  privacyEndpoints,
  productEndpoints,
  profileEndpoints,
  protectionEndpoints,
  reserveEndpoints,
  rewardEndpoints,
  riskEndpoints,
  sandboxEndpoints,
  settlementEndpoints,
  shortLinkEndpoints,
  spotEndpoints,
  staffEndpoints,
  statementEndpoints,
  systemEndpoints,
  uploadEndpoints,
  walletEndpoints,
  walletOperatorEndpoints,
};

type Values<T> = T[keyof T];

/** Every endpoint (a union of the tables' values). */
export type ApiEndpoint =
  | Values<typeof authEndpoints>
  | Values<typeof chatEndpoints>
  | Values<typeof contentEndpoints>
  | Values<typeof contestEndpoints>
  | Values<typeof contractEndpoints>
  | Values<typeof countryEndpoints>
  | Values<typeof customerEndpoints>
  | Values<typeof demoEndpoints>
  | Values<typeof earnEndpoints>
  | Values<typeof exchangeEndpoints>
  | Values<typeof externalLoginEndpoints>
  | Values<typeof ieoEndpoints>
  | Values<typeof jobEndpoints>
  | Values<typeof kycEndpoints>
  | Values<typeof loanEndpoints>
  | Values<typeof marketEndpoints>
  | Values<typeof optionEndpoints>
  | Values<typeof productEndpoints>
  | Values<typeof profileEndpoints>
  | Values<typeof reserveEndpoints>
  | Values<typeof protectionEndpoints>
  | Values<typeof privacyEndpoints>
  | Values<typeof alertEndpoints>
  | Values<typeof disclosureEndpoints>
  | Values<typeof rewardEndpoints>
  | Values<typeof riskEndpoints>
  | Values<typeof sandboxEndpoints>
  | Values<typeof settlementEndpoints>
  | Values<typeof shortLinkEndpoints>
  | Values<typeof spotEndpoints>
  | Values<typeof statementEndpoints>
  | Values<typeof staffEndpoints>
  | Values<typeof systemEndpoints>
  | Values<typeof uploadEndpoints>
  | Values<typeof walletOperatorEndpoints>
  | Values<typeof walletEndpoints>;

/** The endpoint at a method and path. */
export type EndpointAt<M extends HttpMethod, P extends string> = Extract<ApiEndpoint, { method: M; path: P }>;
/** Paths callable with a method. */
export type PathsOf<M extends HttpMethod> = Extract<ApiEndpoint, { method: M }>["path"];

/** Every table, for checks that walk them all (e.g. every endpoint is registered). */
export const allEndpointTables: Record<string, Record<string, Endpoint>> = {
  auth: authEndpoints,
  chat: chatEndpoints,
  content: contentEndpoints,
  contests: contestEndpoints,
  contracts: contractEndpoints,
  countries: countryEndpoints,
  customers: customerEndpoints,
  demo: demoEndpoints,
  earn: earnEndpoints,
  exchange: exchangeEndpoints,
  externalLogin: externalLoginEndpoints,
  ieo: ieoEndpoints,
  jobs: jobEndpoints,
  kyc: kycEndpoints,
  loans: loanEndpoints,
  market: marketEndpoints,
  options: optionEndpoints,
  products: productEndpoints,
  profile: profileEndpoints,
  reserves: reserveEndpoints,
  protection: protectionEndpoints,
  privacy: privacyEndpoints,
  alerts: alertEndpoints,
  disclosure: disclosureEndpoints,
  rewards: rewardEndpoints,
  risk: riskEndpoints,
  sandbox: sandboxEndpoints,
  settlement: settlementEndpoints,
  "short-links": shortLinkEndpoints,
  spot: spotEndpoints,
  statements: statementEndpoints,
  staff: staffEndpoints,
  system: systemEndpoints,
  uploads: uploadEndpoints,
  "wallet-operator": walletOperatorEndpoints,
  wallet: walletEndpoints,
};
