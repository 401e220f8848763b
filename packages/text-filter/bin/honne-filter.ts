#!/usr/bin/env -S npx tsx
/**
 * The filter offline, for operators trying a list and for evaluating it on a held-back set:
 *
 *   honne-filter --terms terms.txt [--allow allow.txt] [--regex regex.txt] < messages.jsonl
 *   honne-filter --contact < messages.jsonl
 *
 * Files hold one entry a line (blank lines and lines starting with # are skipped; a term may end in
 * a tab and its action: refuse, hold, mask or flag). Standard input holds one JSON object a line,
 * {"text": "…"}; standard output answers each, in order, with {"flagged": true|false, "matches": […]}.
 * Without --terms the shipped default list is used.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

import {
  DEFAULT_LIST,
  FILTER_ACTIONS,
  TextFilter,
  findContacts,
  type FilterAction,
  type ListEntry,
} from '../src/index.ts';

const { values } = parseArgs({
  options: {
    terms: { type: 'string' },
    allow: { type: 'string' },
    regex: { type: 'string' },
    theme: { type: 'string' },
    contact: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  process.stdout.write(
    'usage: honne-filter --terms FILE [--allow FILE] [--regex FILE] < jsonl\n       honne-filter --contact < jsonl\n',
  );
  process.exit(0);
}

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

function entries(): ListEntry[] {
  if (!values.terms) return [...DEFAULT_LIST];
  const list: ListEntry[] = lines(values.terms).map((line) => {
    const [pattern, action] = line.split('\t');
    const known = FILTER_ACTIONS.includes(action as FilterAction) ? (action as FilterAction) : 'refuse';
    return { kind: 'term', pattern: pattern!, action: known };
  });
  if (values.allow) list.push(...lines(values.allow).map((pattern): ListEntry => ({ kind: 'allow', pattern })));
  if (values.regex) list.push(...lines(values.regex).map((pattern): ListEntry => ({ kind: 'regex', pattern })));
  return list;
}

const filter = values.contact ? undefined : TextFilter.compile(entries());

function answer(text: string): object {
  if (!filter) {
    const found = findContacts(text);
    return { flagged: found.length > 0, matches: found.map((f) => ({ kind: f.kind, text: f.written })) };
  }
  const result = filter.check(text, { theme: values.theme });
  return {
    flagged: result.action !== 'pass',
    matches: result.matches.map((m) => ({
      term: m.entry,
      action: m.action,
      text: m.written,
      normalised: m.normalised,
    })),
  };
}

const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of input) {
  if (!line.trim()) continue;
  let out: object;
  try {
    const { text } = JSON.parse(line) as { text?: unknown };
    out = typeof text === 'string' ? answer(text) : { flagged: false, matches: [], error: 'no "text" string' };
  } catch {
    out = { flagged: false, matches: [], error: 'not a JSON line' };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
