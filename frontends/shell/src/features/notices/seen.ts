// Which notices this browser has shown, so a notice comes once (the sheet; the restricted page).
const SEEN_KEY = 'honne.notices.seen';
export function seenIds(): string[] {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}
export function markSeen(id: string): void {
  localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds().filter((x) => x !== id), id].slice(-50)));
}
