// After the journeys (Playwright's global teardown): the app's log of the whole run holds no
// secret — no access token, password, operator or webhook secret — and it did log the run, so the
// check cannot pass on an empty file (issue 29).
import { existsSync, readFileSync } from 'node:fs';

import { E2E_PURCHASE_SECRET, E2E_SAFETY_ADMIN, SERVER_LOG } from '../playwright.config.ts';

const SECRETS: [string, RegExp][] = [
  ['an access token (JWT)', /eyJ[\w-]{10,}\.[\w-]{10,}\./],
  ['a bearer credential', /Bearer (?!\[REDACTED\])\S/],
  ['the journeys’ password', /password123/],
  ['a password field', /"(?:password|confirm_password|old_password|new_password)":"(?!\[REDACTED\])/],
  ['a console session token', /\bhso_[\w-]{40,}/],
  ['a console API key', /\bhsk_[0-9a-f-]{36}\.[\w-]{20,}/],
  ['the first admin’s TOTP secret', new RegExp(E2E_SAFETY_ADMIN.totp)],
  ['the webhook secret', new RegExp(E2E_PURCHASE_SECRET)],
];

export default function scrubLog(): void {
  if (!existsSync(SERVER_LOG)) throw new Error(`the app's log ${SERVER_LOG} is missing`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  const requests = lines.filter((l) => l.includes('"req":')).length;
  if (requests < 20) throw new Error(`the app's log has ${requests} request lines: it did not log the run`);
  const found = lines.flatMap((line, i) =>
    SECRETS.filter(([, pattern]) => pattern.test(line)).map(
      ([what]) => `line ${i + 1}: ${what}: ${line.slice(0, 300)}`,
    ),
  );
  if (found.length > 0) throw new Error(`secrets in the app's log:\n${found.slice(0, 20).join('\n')}`);
  console.log(`[log-scrub] ${lines.length} log lines, ${requests} requests: no secret found`);
}
