/**
 * Text PostgreSQL cannot store and shapes no endpoint needs, found before any handler runs:
 * a NUL in `user_name` and a lone surrogate in a chat message each reached the database and came
 * back as a 500, and a value nested 10,000 levels deep overflowed the stack further on.
 */

/** Deeper than any of our payloads (the deepest is a profile's settings, three levels). */
export const MAX_INPUT_DEPTH = 16;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unsafeText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Arrays and plain objects, as JSON and query parsers make them; never a stream a proxy passes on. */
function isJsonContainer(v: unknown): v is object {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The top-level field of `value` that holds unsafe text (in a value or a key) or nests deeper
 * than `MAX_INPUT_DEPTH`; undefined when all is well. Walks with its own stack, so depth cannot
 * overflow it.
 */
export function unsafeInputField(value: unknown, whole = 'body'): string | undefined {
  const stack: { v: unknown; depth: number; field: string }[] = [{ v: value, depth: 0, field: whole }];
  // Parsed JSON has no cycles, but a multipart body's parts point back at their siblings.
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const { v, depth, field } = stack.pop()!;
    if (typeof v === 'string') {
      if (unsafeText(v)) return field;
      continue;
    }
    if (!isJsonContainer(v) || seen.has(v)) continue;
    seen.add(v);
    if (depth >= MAX_INPUT_DEPTH) return field;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [key, child] of entries) {
      const childField = depth === 0 ? key : field;
      if (unsafeText(key)) return childField;
      stack.push({ v: child, depth: depth + 1, field: childField });
    }
  }
  return undefined;
}
