// A content item's form values and the API body built from them.
import type {
  ContentItemInput,
  ContentItemUpdate,
  ContentKind,
  HelpCategory,
  OperatorContentItem,
} from "@candor/contract";
import { localizedText, textFields, textsOf } from "../../kit/localized-text";
import { optionalUtcToIso } from "../../kit/utc-time";

/** The customer-facing texts of the form (each a field per language: titleEn, titleKo…). */
export const CONTENT_TEXTS = ["title", "summary", "body"];

export interface ContentFormValues {
  [text: `${"title" | "summary" | "body"}${string}`]: string | undefined;
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
 * The API body. Texts merge per language on the server, so only the languages on the form
 * travel, an emptied one as "" (which clears it).
 */
export function contentBody(v: ContentFormValues, creating: true): ContentItemInput;
export function contentBody(v: ContentFormValues, creating: false): ContentItemUpdate;
export function contentBody(v: ContentFormValues, creating: boolean): ContentItemInput | ContentItemUpdate {
  const text = (name: string) => localizedText(undefined, textsOf(v, name), "merge");
  return {
    ...(creating ? { kind: v.kind } : {}),
    category: v.kind === "help" ? v.category : null,
    title: text("title"),
    summary: text("summary"),
    body: text("body"),
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
  return {
    ...textFields("title", item.title),
    ...textFields("summary", item.summary),
    ...textFields("body", item.body),
    kind: item.kind,
    category: item.category ?? undefined,
    imageUrl: item.imageUrl ?? undefined,
    linkUrl: item.linkUrl ?? undefined,
    linkMode: item.linkMode,
    pinned: item.pinned,
    ticker: item.ticker,
  } as Partial<ContentFormValues>;
}
