// Server-side translations. Every module adds its own catalogue here; the types make
// a key that is missing a language a compile error, and a test checks it at run time.
import { DEFAULT_LANG, type Lang, type Translations } from "@candor/contract";
import { alertMessages } from "../modules/alerts/messages";
import { externalLoginMessages } from "../modules/auth/external-messages";
import { authMessages } from "../modules/auth/messages";
import { chatMessages } from "../modules/chat/messages";
import { contentMessages } from "../modules/content/messages";
import { contestsMessages } from "../modules/contests/messages";
import { contractsMessages } from "../modules/contracts/messages";
import { earnMessages } from "../modules/earn/messages";
import { quantMessages } from "../modules/earn/quant/messages";
import { exchangeMessages } from "../modules/exchange/messages";
import { ieoMessages } from "../modules/ieo/messages";
import { jobsMessages } from "../modules/jobs/messages";
import { kycMessages } from "../modules/kyc/messages";
import { ledgerMessages } from "../modules/ledger/messages";
import { loansMessages } from "../modules/loans/messages";
import { marketMessages } from "../modules/market/messages";
import { optionsMessages } from "../modules/options/messages";
import { privacyMessages } from "../modules/privacy/messages";
import { productsMessages } from "../modules/products/messages";
import { protectionMessages } from "../modules/protection/messages";
import { reserveMessages } from "../modules/reserves/messages";
import { rewardsMessages } from "../modules/rewards/messages";
import { riskMessages } from "../modules/risk/messages";
import { shortLinkMessages } from "../modules/short-links/messages";
import { spotMessages } from "../modules/spot/messages";
import { staffMessages } from "../modules/staff/messages";
import { statementsMessages } from "../modules/statements/messages";
import { systemMessages } from "../modules/system/messages";
import { uploadsMessages } from "../modules/uploads/messages";
import { usersMessages } from "../modules/users/messages";
import { fourEyesMessages } from "../modules/wallet/four-eyes-messages";
import { walletMessages } from "../modules/wallet/messages";
import { commonMessages } from "./common-messages";
import { httpMessages } from "./http-messages";

export const catalogue = {
  ...commonMessages,
  ...httpMessages,
  ...authMessages,
  ...externalLoginMessages,
  ...usersMessages,
  ...kycMessages,
  ...ledgerMessages,
  ...marketMessages,
  ...uploadsMessages,
  ...contractsMessages,
  ...walletMessages,
  ...fourEyesMessages,
  ...optionsMessages,
  ...spotMessages,
  ...exchangeMessages,
  ...chatMessages,
  ...riskMessages,
  ...earnMessages,
  ...quantMessages,
  ...loansMessages,
  ...ieoMessages,
  ...jobsMessages,
  ...staffMessages,
  ...productsMessages,
  ...systemMessages,
  ...shortLinkMessages,
  ...contentMessages,
  ...rewardsMessages,
  ...contestsMessages,
  ...reserveMessages,
  ...protectionMessages,
  ...privacyMessages,
  ...alertMessages,
  ...statementsMessages,
} satisfies Record<string, Translations>;

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number>;

export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const entry: Translations = catalogue[key];
  const text = entry[lang] ?? entry[DEFAULT_LANG];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
