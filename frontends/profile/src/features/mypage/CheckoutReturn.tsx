import { getApi } from '@honne/api-client';
import { pointsEndpoints } from '@honne/contracts/points';
import { Button } from '@honne/ui';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';

/** How often, and how long, the checkout's state is asked for besides the balance event. */
const POLL_MS = 1500;
const SLOW_AFTER_MS = 20_000;

type State = { kind: 'waiting' | 'slow' | 'cancelled' } | { kind: 'paid'; points: number };

/**
 * The buyer is back from the checkout: say so until the signed webhook has credited the pack
 * (the balance event on the socket, or the checkout read as paid), then say what was added. The
 * webhook may come before or after the return, so both are watched; the check stops once paid.
 */
export function CheckoutReturn({
  id,
  cancelled,
  balanceSeen,
  onDone,
}: {
  id: string;
  cancelled: boolean;
  /** The live balance: a change is the moment to ask again. */
  balanceSeen: number | null;
  onDone: () => void;
}) {
  const t = strings.checkoutReturn;
  const [state, setState] = useState<State>({ kind: cancelled ? 'cancelled' : 'waiting' });
  const settled = state.kind === 'paid' || state.kind === 'cancelled';

  useEffect(() => {
    if (settled) return;
    let alive = true;
    const started = Date.now();
    const check = async () => {
      try {
        const { data } = await getApi().client.call(pointsEndpoints.checkout, { params: { id } });
        if (!alive) return;
        if (data.status === 'paid') setState({ kind: 'paid', points: data.points });
        else if (Date.now() - started > SLOW_AFTER_MS) setState({ kind: 'slow' });
      } catch {
        // A checkout that is not the caller's, or a network blip: the balance above still tells.
      }
    };
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [id, settled, balanceSeen]);

  const message =
    state.kind === 'paid' ? t.paid(state.points) : state.kind === 'cancelled' ? t.cancelled : t[state.kind];
  return (
    <section
      className="hn-card hn-stack"
      role="status"
      aria-live="polite"
      style={{
        alignItems: 'center',
        textAlign: 'center',
        background: state.kind === 'paid' ? 'var(--hn-color-primary-soft)' : undefined,
      }}
    >
      <p style={{ margin: 0, fontWeight: 700 }}>{message}</p>
      {settled ? (
        <Button variant="text" onClick={onDone}>
          {strings.ok}
        </Button>
      ) : null}
    </section>
  );
}
