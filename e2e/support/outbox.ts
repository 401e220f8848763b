import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { expect } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(email: string): Promise<Mail[]> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as Mail),
  );
  return mails.filter((m) => m.to === email.toLowerCase());
}

/** The 6-digit code of the newest mail to `email`, waiting for the mail to arrive. */
export async function codeFromOutbox(email: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(email);
      code = mails.length > after ? /認証コード: (\d{6})/.exec(mails.at(-1)!.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

export const mailCount = async (email: string) => (await mailsTo(email)).length;
