export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Japanese punctuation and brackets end a URL as much as a space does.
const URL_RE = /https?:\/\/[^\s<>"'`「」『』（）()、。，！？【】]+/gi;

/** A link target we open: only http(s), never javascript:, data: or anything else. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits user text (titles, comments, messages) into text and http(s) links, rendered with rel="noopener noreferrer nofollow". */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    // Trailing dots and commas belong to the sentence, not the URL.
    const raw = match[0].replace(/[.,:;]+$/, '');
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
