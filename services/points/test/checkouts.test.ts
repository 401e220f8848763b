import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

import { messages } from '@honne/contracts/messages';
import { freePort, infraModes, requireOrSkip, testRunPrefix, testUserId } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPoints } from './support.ts';

const SECRET = 'whsec_test_checkouts_0123456789';
const run = testRunPrefix();

type Env = Awaited<ReturnType<typeof startPoints>>;

function client(env: Env) {
  const call = async (method: 'GET' | 'POST', url: string, userId: string, payload?: unknown) => {
    const res = await env.points.app.inject({
      method,
      url,
      headers: { ...env.as(userId), origin: 'http://app.honne.test' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown>; error: string } };
  };
  const balance = async (userId: string) => (await call('GET', '/points/balance', userId)).body.data.balance;
  return { call, balance };
}

// Issue 33: a user buys points from the app. Without a provider (never in production) the app's own
// test checkout is paid through the same signed-webhook path the provider's deliveries take.
describe.each(infraModes())('the test checkout ($name)', (mode) => {
  let env: Env;
  beforeAll(async () => {
    env = await startPoints(mode, { purchaseWebhookSecret: SECRET });
  });
  afterAll(() => env?.close());

  it('opens a checkout for a pack, credits it once when paid, and reads paid afterwards', async () => {
    const { call, balance } = client(env);
    const buyer = testUserId(run, 1);
    await env.profile(buyer, buyer, 4);
    const opened = await call('POST', '/points/checkouts', buyer, { pack: 'p3000' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const checkout = opened.body.data;
    expect(checkout).toMatchObject({ pack: 'p3000', points: 3000, yen: 3000, status: 'open', test: true });
    expect(checkout.url).toBe(`/checkout/test/${checkout.id as string}`);
    expect(await balance(buyer)).toBe(0);

    // A double tap on 支払う pays once.
    const [a, b] = await Promise.all([
      call('POST', `/points/checkouts/${checkout.id as string}/test_payment`, buyer),
      call('POST', `/points/checkouts/${checkout.id as string}/test_payment`, buyer),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await balance(buyer)).toBe(3000);
    const read = await call('GET', `/points/checkouts/${checkout.id as string}`, buyer);
    expect(read.body.data.status).toBe('paid');
    const history = (await call('GET', '/points/history', buyer)).body.data as unknown as { kind: string }[];
    expect(history.map((h) => h.kind)).toEqual(['purchase']);
  });

  it('keeps a checkout to its buyer: another user can neither read nor pay it', async () => {
    const { call, balance } = client(env);
    const buyer = testUserId(run, 2);
    const other = testUserId(run, 3);
    await env.profile(buyer, buyer, 4);
    const checkout = (await call('POST', '/points/checkouts', buyer, { pack: 'p500' })).body.data;
    const read = await call('GET', `/points/checkouts/${checkout.id as string}`, other);
    expect(read.status).toBe(404);
    const pay = await call('POST', `/points/checkouts/${checkout.id as string}/test_payment`, other);
    expect(pay.status).toBe(404);
    expect(await balance(buyer)).toBe(0);
  });

  it('refuses an unknown pack with the schema’s field error', async () => {
    const res = await client(env).call('POST', '/points/checkouts', testUserId(run, 4), { pack: 'p999' });
    expect(res.status).toBe(403);
  });
});

describe.each(infraModes())('checkouts where purchases cannot be made ($name)', (mode) => {
  let env: Env;
  let prod: Env;
  beforeAll(async () => {
    env = await startPoints(mode, { purchaseWebhookSecret: undefined });
    prod = await startPoints(mode, { purchaseWebhookSecret: SECRET, env: 'production' });
  });
  afterAll(async () => {
    await env?.close();
    await prod?.close();
  });

  it('answers 503 with a Japanese message when no provider and no webhook secret are configured', async () => {
    const res = await client(env).call('POST', '/points/checkouts', testUserId(run, 5), { pack: 'p500' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(messages.purchasesUnavailable);
  });

  it('never offers the test checkout in production', async () => {
    const res = await client(prod).call('POST', '/points/checkouts', testUserId(run, 6), { pack: 'p500' });
    expect(res.status).toBe(503);
  });
});

/** The provider's own API mock (stripe-mock, built through the Go module proxy by .ci/run). */
function stripeMockBin(): string | undefined {
  const fromEnv = process.env.STRIPE_MOCK_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const cached = path.join(homedir(), '.cache', 'honne', 'stripe-mock-v0.203.0');
  return existsSync(cached) ? cached : undefined;
}

const bin = stripeMockBin();
describe.runIf(requireOrSkip('stripe-mock (STRIPE_MOCK_BIN)', Boolean(bin)))(
  'checkout at the provider (stripe-mock)',
  () => {
    let mock: ChildProcess;
    let env: Env;
    let apiUrl: string;
    beforeAll(async () => {
      const port = await freePort();
      apiUrl = `http://127.0.0.1:${port}`;
      mock = spawn(bin!, ['-http-addr', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
      // It says where it listens once it is ready.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('stripe-mock did not start')), 20_000);
        const onData = (chunk: Buffer) => {
          if (/Listening for HTTP/i.test(chunk.toString())) {
            clearTimeout(timer);
            resolve();
          }
        };
        mock.stdout!.on('data', onData);
        mock.stderr!.on('data', onData);
        mock.once('exit', (code) => reject(new Error(`stripe-mock exited with ${code}`)));
      });
      env = await startPoints(infraModes()[0]!, {
        purchaseWebhookSecret: SECRET,
        stripe: { secretKey: 'sk_test_4honneCheckouts', apiUrl },
        publicUrl: 'https://honne.example.jp',
      });
    });
    afterAll(async () => {
      await env?.close();
      mock?.kill();
    });

    it('creates a Checkout Session the provider’s API accepts (JPY, the pack, the buyer) and returns to the app', async () => {
      const { call, balance } = client(env);
      const buyer = testUserId(run, 10);
      await env.profile(buyer, buyer, 4);
      const res = await call('POST', '/points/checkouts', buyer, { pack: 'p1000' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const checkout = res.body.data;
      expect(checkout).toMatchObject({ pack: 'p1000', yen: 1000, status: 'open', test: false });
      expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      // The mock validated every parameter against the provider's OpenAPI document and echoed these back.
      const row = await env.points.ctx.db
        .selectFrom('checkouts')
        .selectAll()
        .where('id', '=', checkout.id as string)
        .executeTakeFirstOrThrow();
      expect(row.provider).toBe('stripe');
      expect(row.provider_session_id).toMatch(/^cs_/);
      // A test checkout cannot be paid by the app when a provider is configured.
      const pay = await call('POST', `/points/checkouts/${checkout.id as string}/test_payment`, buyer);
      expect(pay.status).toBe(404);
      expect(await balance(buyer)).toBe(0);
    });
  },
);
