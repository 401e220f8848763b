import { randomUUID } from 'node:crypto';

import { isApiError } from '@honne/api-client';
import { callsEndpoints } from '@honne/contracts/calls';

import { Bot, loadState, newCredentials, pairUp, saveState, signInOrUp, waitFor, type BotState } from './bots.ts';
import type { CodeReader } from './mail.ts';
import { record, type Step, type StepResult } from './metrics.ts';

export { mailApiCodes, outboxCodes, type CodeReader } from './mail.ts';
export { STEPS, type Step, type StepResult } from './metrics.ts';

export interface SyntheticOptions {
  /** The gateway (or the proxy in front of it), e.g. http://gateway:8080. */
  gatewayUrl: string;
  /** Where the bots' accounts and room are kept between rounds and restarts. */
  stateFile: string;
  /** Sign-up codes for the first run; without one, `bots` must name existing accounts. */
  readCode?: CodeReader;
  /** Accounts an operator made (production, where mail is real): used instead of signing up. */
  bots?: Pick<BotState, 'a' | 'b'>;
  /** The domain of the addresses bots sign up with. */
  emailDomain?: string;
  /** How long one step may take before it counts as failed. */
  stepTimeoutMs?: number;
}

/**
 * One round of the synthetic user, as a person would see the app work: both bots sign in and open
 * their sockets; a message goes from a to b and one back, each over the sender's socket and seen
 * arriving on the other's; a rings b, b answers, both report their media up and the call is
 * connected (signalling only: no audio flows, see ADR 0032), then a hangs up. Each step's result and
 * time land on /metrics (`honne_synthetic_success`, `honne_synthetic_step_seconds`); a step after a
 * failed one is not tried and counts as failed.
 */
export async function runRound(options: SyntheticOptions): Promise<StepResult[]> {
  const timeout = options.stepTimeoutMs ?? 10_000;
  const results: StepResult[] = [];
  const started = performance.now();
  let a: Bot | undefined;
  let b: Bot | undefined;
  let roomId = '';
  let callId = '';
  const step = async (name: Step, run: () => Promise<number | void>) => {
    const from = performance.now();
    try {
      const measured = await run();
      results.push({ step: name, ok: true, seconds: measured ?? (performance.now() - from) / 1000 });
    } catch (err) {
      results.push({ step: name, ok: false, seconds: (performance.now() - from) / 1000, error: describe(err) });
      throw err;
    }
  };
  try {
    await step('sign_in', async () => {
      const state = (await loadState(options.stateFile)) ?? {
        ...(options.bots ?? {
          a: newCredentials('a', options.emailDomain ?? 'synthetic.honne.local'),
          b: newCredentials('b', options.emailDomain ?? 'synthetic.honne.local'),
        }),
      };
      a = new Bot('a', state.a, options.gatewayUrl);
      b = new Bot('b', state.b, options.gatewayUrl);
      const readCode = options.bots ? undefined : options.readCode;
      const madeA = await signInOrUp(a, readCode, timeout);
      const made = (await signInOrUp(b, readCode, timeout)) || madeA;
      await saveState(options.stateFile, state); // before pairing: the accounts exist now
      if (made || !state.room_id) {
        state.room_id = await pairUp(a, b, timeout);
        await saveState(options.stateFile, state);
      }
      await Promise.all([a.connect(timeout), b.connect(timeout)]);
      roomId = state.room_id;
    });
    await step('message_there', () => exchange(a!, b!, roomId, timeout));
    await step('message_back', () => exchange(b!, a!, roomId, timeout));
    await step('call_ring', async () => {
      const from = performance.now();
      const { data } = await a!.api.call(callsEndpoints.startCall, { params: { id: roomId }, body: {} });
      callId = data.id;
      await waitFor('the ring on b’s socket', () => callState(b!, callId, 'receiving'), timeout);
      return (performance.now() - from) / 1000;
    });
    await step('call_connected', async () => {
      const from = performance.now();
      await b!.api.call(callsEndpoints.answer, {
        params: { id: roomId },
        body: { action: 'answer', signal_id: callId },
      });
      // "Answered" here is the signalling a client does (ADR 0032): each side reports its media up.
      for (const bot of [a!, b!])
        await bot.api.call(callsEndpoints.pingConnect, {
          params: { id: roomId },
          body: { state: 'connected', signal_id: callId },
        });
      await waitFor(
        'connected on both sockets',
        () => (callState(a!, callId, 'connected') && callState(b!, callId, 'connected')) || undefined,
        timeout,
      );
      return (performance.now() - from) / 1000;
    });
  } catch {
    // Recorded above: the round stops at its first failed step.
  } finally {
    if (a && b) await hangUp(a, b);
    a?.close();
    b?.close();
  }
  const overall = results.length === 5 && results.every((r) => r.ok);
  results.push({ step: 'overall', ok: overall, seconds: (performance.now() - started) / 1000 });
  record(results);
  return results;
}

/** A message over `from`'s socket, timed until it arrives on `to`'s. */
async function exchange(from: Bot, to: Bot, roomId: string, timeout: number): Promise<number> {
  const text = `synthetic ${randomUUID().slice(0, 8)}`;
  const sent = performance.now();
  const result = await from.socket!.command(
    'message.send',
    { room_id: roomId, message_type_id: 1, data: text, client_id: randomUUID() },
    timeout,
  );
  if (result.status !== 200) throw new Error(`message.send answered ${result.status}`);
  await waitFor(
    `the message on ${to.tag}'s socket`,
    () =>
      to.events.some((e) => e.type === 'message.created' && (e.data as { data?: unknown }).data === text) || undefined,
    timeout,
  );
  return (performance.now() - sent) / 1000;
}

/** The call reached `state` for this bot: its socket said so. */
function callState(bot: Bot, callId: string, state: string): true | undefined {
  const seen = bot.events.some((e) => {
    const view = e.data as { id?: string; state?: string };
    return e.type === 'call.state' && view.id === callId && view.state === state;
  });
  return seen || undefined;
}

/** Whatever happened, no bot stays in a call (the next round would be refused as already in one). */
async function hangUp(a: Bot, b: Bot): Promise<void> {
  for (const bot of [a, b]) {
    try {
      const { data } = await bot.api.call(callsEndpoints.current);
      if (data) await bot.api.call(callsEndpoints.answer, { params: { id: data.room_id }, body: { action: 'hangup' } });
    } catch {
      // Not signed in, or the call just ended: nothing to hang up.
    }
  }
}

/** For the log line: an API error's kind, status and code say more to an operator than its user message. */
function describe(err: unknown): string {
  if (isApiError(err)) return `${err.kind} ${err.status}${err.code ? ` ${err.code}` : ''}: ${err.message}`;
  return String(err);
}
