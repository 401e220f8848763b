import os from 'node:os';

/** The head of a bench's output: when it ran and how busy the machine was just before. */
export const loadBefore = () =>
  `${new Date().toISOString()}, load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
