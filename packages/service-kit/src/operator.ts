import type { ReplyPayload, RequestDef, RequestPayload } from '@honne/contracts/events';

import type { Bus } from './bus.ts';
import { AppError } from './errors.ts';

// The points operator API (ADR 0034): the console's operators and keys call safety, which checks
// them, asks the owning service (points, accounts) over the bus and audits. These two helpers are
// the bus's two ends of such a request; an owner's refusal travels as its status, code and message.

type Refusal = { ok: false; status: number; code: string; message: string; errors?: Record<string, string> };
type OkData<T> = T extends { ok: true; data: infer D } ? D : never;
type OperatorOutcome<T> = { ok: true; data: T } | Refusal;

/** The owner's end: the result, or the AppError it threw as the refusal safety answers with. */
export async function operatorOutcome<T>(work: () => Promise<T>): Promise<OperatorOutcome<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ok: false,
      status: err.status,
      code: err.code,
      message: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
    };
  }
}

/**
 * Safety's end: the owner's result, its refusal thrown as the same AppError, or a 503 naming the
 * owner when it does not answer (the operator retries; nothing was audited).
 */
export async function askOperatorRequest<R extends RequestDef>(
  bus: Bus,
  def: R,
  payload: RequestPayload<R>,
  unavailable: string,
): Promise<OkData<ReplyPayload<R>>> {
  let outcome: OperatorOutcome<unknown>;
  try {
    outcome = (await bus.request(def, payload)) as OperatorOutcome<unknown>;
  } catch {
    throw new AppError(503, 'owner_unavailable', unavailable);
  }
  if (!outcome.ok) throw new AppError(outcome.status, outcome.code, outcome.message, outcome.errors);
  return outcome.data as OkData<ReplyPayload<R>>;
}
