// Display helpers: times in the staff member's zone (YYYY-MM-DD HH:mm:ss), ages in hours.
import dayjs from "dayjs";

export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "—");

/** Whole hours since `iso` (for queue ages). */
export const hoursSince = (iso: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
