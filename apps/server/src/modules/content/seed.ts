// Seeded content (every start; inserts only what is missing, by seed key): announcements,
// news, help articles and home banners about Candor itself, in all eight languages.
import { type ContentItemInput, LANGS, type Translations } from "@candor/contract";
import type { Db } from "../../db";
import { escapeHtml } from "./sanitize";
import {
  BANNER_FEES,
  BANNER_HELP,
  EARN_NEWS,
  HELP_EARN_INTEREST,
  HELP_GOOGLE,
  HELP_VERIFY,
  INBOX_NEWS,
  OPTIONS_SETTLE,
  RISK_NOTICE,
  SANDBOX_CLOCK,
  type SeedText,
  WELCOME_FEES,
  WITHDRAWAL_REVIEW,
} from "./seed-texts";
import { ContentService } from "./service";

const perLang = (f: (lang: (typeof LANGS)[number]) => string) =>
  Object.fromEntries(LANGS.map((l) => [l, f(l)])) as Translations;

function article(text: SeedText, extra: Omit<ContentItemInput, "title">): ContentItemInput {
  return {
    title: text.title,
    summary: perLang((l) => text.body[0]?.[l] ?? ""),
    body: perLang((l) => text.body.map((p) => `<p>${escapeHtml(p[l])}</p>`).join("\n")),
    ...extra,
  };
}

export function seedItems(publishAt: string): Array<[string, ContentItemInput]> {
  return [
    ["announcement:fees", article(WELCOME_FEES, { kind: "announcement", pinned: true, ticker: true, publishAt })],
    ["announcement:withdrawals", article(WITHDRAWAL_REVIEW, { kind: "announcement", ticker: true, publishAt })],
    ["announcement:sandbox", article(SANDBOX_CLOCK, { kind: "announcement", ticker: true, publishAt })],
    ["announcement:risk", article(RISK_NOTICE, { kind: "announcement", publishAt })],
    ["news:inbox", article(INBOX_NEWS, { kind: "news", publishAt })],
    ["news:earn-risk", article(EARN_NEWS, { kind: "news", publishAt })],
    ["news:options", article(OPTIONS_SETTLE, { kind: "news", publishAt })],
    ["help:verify", article(HELP_VERIFY, { kind: "help", category: "account", publishAt })],
    ["help:withdrawals", article(WITHDRAWAL_REVIEW, { kind: "help", category: "deposits", publishAt })],
    ["help:fees", article(WELCOME_FEES, { kind: "help", category: "deposits", publishAt })],
    ["help:options", article(OPTIONS_SETTLE, { kind: "help", category: "trading", publishAt })],
    ["help:risk", article(RISK_NOTICE, { kind: "help", category: "trading", publishAt })],
    ["help:earn", article(HELP_EARN_INTEREST, { kind: "help", category: "earn", publishAt })],
    ["help:sandbox", article(SANDBOX_CLOCK, { kind: "help", category: "security", publishAt })],
    ["help:google", article(HELP_GOOGLE, { kind: "help", category: "security", publishAt })],
    ["banner:fees", { kind: "banner", title: BANNER_FEES, linkMode: 1, sort: 2, publishAt }],
    ["banner:help", { kind: "banner", title: BANNER_HELP, linkMode: 2, linkUrl: "/#/help", sort: 1, publishAt }],
  ];
}

export async function seedContent(db: Db): Promise<void> {
  // Seeded items are published as of the moment they are first inserted.
  const service = new ContentService({ db, clock: { now: () => new Date() } });
  const publishAt = new Date(Date.now() - 60_000).toISOString();
  for (const [key, input] of seedItems(publishAt)) await service.create(input, key);
}
