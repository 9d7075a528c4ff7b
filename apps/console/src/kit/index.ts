// The console kit: what every create / edit dialog and paged list is built from.
export { DecimalField, TextPair, UtcTimeField } from "./fields";
export { FormModal } from "./form-modal";
export { FORM_LANGS, localizedText, type Texts, textValues } from "./localized-text";
export { PagedTable, usePagedList } from "./paged-list";
export { type Parser, zodEachRule, zodRule } from "./rules";
export { useAction } from "./use-action";
export { isoToUtc, optionalUtcToIso, UTC_FORMAT, utcFromNow, utcToIso } from "./utc-time";
