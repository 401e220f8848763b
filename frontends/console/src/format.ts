/** Dates as operators read them: Japan time, to the minute. */
const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatAt = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** How long something has waited: 「5分」「3時間」「2日4時間」. */
export function formatAge(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes}分`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}時間`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}日${hours % 24}時間` : `${days}日`;
}

/** Seconds as 「12秒」「42分」「3.5時間」 for the time-to-first-action figures. */
export function formatSeconds(s: number | null): string {
  if (s === null) return '—';
  if (s < 60) return `${Math.round(s)}秒`;
  if (s < 3600) return `${Math.round(s / 60)}分`;
  return `${(s / 3600).toFixed(1)}時間`;
}

/** Waiting 24 h or more: past what the app stores expect. */
export const isLate = (fromIso: string, now = Date.now()) => now - new Date(fromIso).getTime() >= 24 * 3_600_000;

/** An id short enough for a table cell; the full id stays in the title. */
export const shortId = (id: string) => id.slice(0, 8);
