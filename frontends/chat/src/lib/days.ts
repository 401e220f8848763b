const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** A local calendar day as a key (YYYY-MM-DD). */
export function dayKey(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** The Japanese day heading: 今日, 昨日, '5月3日(金)', with the year when it is not this year. */
export function dayLabel(date: Date, now: Date): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return '今日';
  const y = new Date(now);
  y.setDate(now.getDate() - 1);
  if (key === dayKey(y)) return '昨日';
  const md = `${date.getMonth() + 1}月${date.getDate()}日(${WEEKDAYS[date.getDay()]})`;
  return date.getFullYear() === now.getFullYear() ? md : `${date.getFullYear()}年${md}`;
}

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Messages (oldest first) grouped by local day, each group under its heading. */
export function groupByDay<T extends { created_at: string }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const key = dayKey(date);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(date, now), items: [item] });
  }
  return groups;
}

/** 'HH:MM' for a bubble. */
export function timeLabel(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The friend call list's last-message time: the time today, else the date. */
export function shortWhen(iso: string, now: Date): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return timeLabel(iso);
  return d.getFullYear() === now.getFullYear()
    ? `${d.getMonth() + 1}/${d.getDate()}`
    : `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
}
