/**
 * The SLOs the console's system page shows (issue 29), each read from the recorded series or
 * expression infra/prometheus/slo-rules.yml alerts on, against the same objective.
 */
export interface Slo {
  id: string;
  query: string;
  unit: 'seconds' | 'boolean';
  objective: number;
  /** 'max': the value must stay at or under the objective; 'min': at or over it. */
  bound: 'max' | 'min';
}

export const SLOS: readonly Slo[] = [
  {
    id: 'message-delivery',
    query: 'honne:message_delivery_seconds:p99_5m',
    unit: 'seconds',
    objective: 0.15,
    bound: 'max',
  },
  { id: 'call-setup', query: 'honne:call_setup_seconds:p95_15m', unit: 'seconds', objective: 1.5, bound: 'max' },
  // Reads filter at the expiry itself; this is how far the purge (storage, screens) lags behind it.
  { id: 'expiry', query: 'honne:chat_expiry_lag_seconds:p99_10m', unit: 'seconds', objective: 90, bound: 'max' },
  { id: 'ledger', query: 'min(honne_ledger_books_balanced)', unit: 'boolean', objective: 1, bound: 'min' },
  {
    id: 'reports',
    query: 'max(honne_safety_first_action_p95_seconds)',
    unit: 'seconds',
    objective: 7200,
    bound: 'max',
  },
];

/** Whether a value keeps its SLO; null (no data, or NaN from a quantile of no traffic) says nothing. */
export function withinObjective(slo: Slo, value: number | null): boolean | null {
  if (value === null || Number.isNaN(value)) return null;
  return slo.bound === 'max' ? value <= slo.objective : value >= slo.objective;
}
