// Date-times in the console's forms: typed as "YYYY-MM-DD HH:mm" in UTC (the same instant
// for every operator whatever their zone), sent as ISO-8601.
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);

export const UTC_FORMAT = "YYYY-MM-DD HH:mm";
/** What the field accepts ("T" between date and time is turned into a space as typed). */
export const UTC_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** "2026-11-24 08:00" (UTC) → ISO-8601. */
export const utcToIso = (v: string) => dayjs.utc(v.trim().replace("T", " ")).toISOString();
/** ISO-8601 → "2026-11-24 08:00" (UTC). */
export const isoToUtc = (iso: string) => dayjs.utc(iso).format(UTC_FORMAT);
/** An optional field: empty → null. */
export const optionalUtcToIso = (v: string | undefined | null) => (v?.trim() ? utcToIso(v) : null);
/** Now plus `days` whole days / `hours` (UTC), for a new form's defaults. */
export const utcFromNow = (add: { days?: number; hours?: number }, startOf: "day" | "hour" = "hour") =>
  dayjs
    .utc()
    .startOf(startOf)
    .add(add.days ?? 0, "day")
    .add(add.hours ?? 0, "hour")
    .format(UTC_FORMAT);

/**
 * The picker's value for a form value: the same wall-clock numbers as a local dayjs, so the
 * calendar shows the UTC time as typed (the picker never converts zones).
 */
export const utcPickerValue = (v: string | undefined | null) => {
  if (!v || !UTC_PATTERN.test(v.trim().replace("T", " "))) return null;
  const d = dayjs(v.trim().replace(" ", "T"));
  return d.isValid() ? d : null;
};
