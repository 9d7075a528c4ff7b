// A content item's form values and the API body built from them.
import type {
  ContentItemInput,
  ContentItemUpdate,
  ContentKind,
  HelpCategory,
  OperatorContentItem,
} from "@candor/contract";
import { localizedText, textValues } from "../../kit/localized-text";
import { optionalUtcToIso } from "../../kit/utc-time";

export interface ContentFormValues {
  kind: ContentKind;
  category?: HelpCategory;
  titleEn: string;
  titleZh?: string;
  summaryEn?: string;
  summaryZh?: string;
  bodyEn?: string;
  bodyZh?: string;
  imageUrl?: string;
  linkUrl?: string;
  linkMode: 1 | 2 | 4;
  pinned: boolean;
  ticker: boolean;
  /** "YYYY-MM-DD HH:mm", UTC (a new item only; empty: a draft). */
  publishAt?: string;
}

/**
 * The API body. Texts merge per language on the server, so only the two edited languages
 * travel, an emptied one as "" (which clears it).
 */
export function contentBody(v: ContentFormValues, creating: true): ContentItemInput;
export function contentBody(v: ContentFormValues, creating: false): ContentItemUpdate;
export function contentBody(v: ContentFormValues, creating: boolean): ContentItemInput | ContentItemUpdate {
  const text = (en?: string, zh?: string) => localizedText(undefined, { "en-us": en, "zh-cn": zh }, "merge");
  return {
    ...(creating ? { kind: v.kind } : {}),
    category: v.kind === "help" ? v.category : null,
    title: text(v.titleEn, v.titleZh),
    summary: text(v.summaryEn, v.summaryZh),
    body: text(v.bodyEn, v.bodyZh),
    imageUrl: v.imageUrl?.trim() || null,
    linkUrl: v.linkUrl?.trim() || null,
    linkMode: v.linkMode,
    pinned: v.pinned,
    ticker: v.ticker,
    ...(creating ? { publishAt: optionalUtcToIso(v.publishAt) } : {}),
  };
}

/** The form's values: the item being edited, or a new item of the first kind offered. */
export function contentValues(item: OperatorContentItem | null, firstKind: ContentKind | undefined) {
  if (!item) return { kind: firstKind, linkMode: 1, pinned: false, ticker: false } as Partial<ContentFormValues>;
  const title = textValues(item.title);
  const summary = textValues(item.summary);
  const body = textValues(item.body);
  return {
    kind: item.kind,
    category: item.category ?? undefined,
    titleEn: title.en,
    titleZh: title.zh,
    summaryEn: summary.en,
    summaryZh: summary.zh,
    bodyEn: body.en,
    bodyZh: body.zh,
    imageUrl: item.imageUrl ?? undefined,
    linkUrl: item.linkUrl ?? undefined,
    linkMode: item.linkMode,
    pinned: item.pinned,
    ticker: item.ticker,
  } satisfies Partial<ContentFormValues>;
}
