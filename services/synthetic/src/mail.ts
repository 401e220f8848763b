import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the bots' sign-up codes are read from: the code mailed to `email`, or undefined while none is. */
export type CodeReader = (email: string) => Promise<string | undefined>;

const CODE = /認証コード: (\d{6})/;

/**
 * A mail sink's HTTP API in mailpit's shape (`GET /api/v1/search?query=to:…`, then
 * `GET /api/v1/message/<ID>`): mailpit itself in docker-compose.yml, honne/mailsink locally.
 */
export function mailApiCodes(baseUrl: string): CodeReader {
  const base = baseUrl.replace(/\/$/, '');
  return async (email) => {
    const search = await fetch(`${base}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`);
    if (!search.ok) return undefined;
    const { messages } = (await search.json()) as { messages?: { ID: string }[] };
    const newest = messages?.[0];
    if (!newest) return undefined;
    const message = await fetch(`${base}/api/v1/message/${encodeURIComponent(newest.ID)}`);
    if (!message.ok) return undefined;
    const { Text } = (await message.json()) as { Text?: string };
    return CODE.exec(Text ?? '')?.[1];
  };
}

/** accounts without SMTP_URL writes each mail to `<DATA_DIR>/outbox/*.json` (the embedded start). */
export function outboxCodes(dir: string): CodeReader {
  return async (email) => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { to: string; text: string };
      if (mail.to === email) return CODE.exec(mail.text)?.[1];
    }
    return undefined;
  };
}
