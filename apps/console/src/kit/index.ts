// The console kit: what every create / edit dialog and paged list is built from.
export { DecimalField, LocalizedText, PercentRateField, UtcTimeField } from "./fields";
export { FormModal } from "./form-modal";
export {
  FORM_LANGS,
  LANG_NAMES,
  localizedText,
  missingLangs,
  type Texts,
  textFields,
  textsOf,
  textValues,
} from "./localized-text";
export { PagedTable, usePagedList } from "./paged-list";
export { type Parser, zodEachRule, zodRule } from "./rules";
export { useAction } from "./use-action";
export { isoToUtc, optionalUtcToIso, UTC_FORMAT, utcFromNow, utcPickerValue, utcToIso } from "./utc-time";
