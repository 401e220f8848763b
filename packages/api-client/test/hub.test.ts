import { describe, expect, it } from 'vitest';

import { RealtimeHub } from '../src/index.ts';

const fakeSource = () => {
  const log: string[] = [];
  return {
    log,
    subscribe(channel: string) {
      log.push(`+${channel}`);
      return () => log.push(`-${channel}`);
    },
  };
};

describe('RealtimeHub channels', () => {
  it('keeps wanted channels across sockets and counts screens per channel', () => {
    const hub = new RealtimeHub();
    const offA = hub.channel('topics:thread:1');
    const offB = hub.channel('topics:thread:1');
    const first = fakeSource();
    hub.attach(first);
    expect(first.log).toEqual(['+topics:thread:1']);

    const second = fakeSource();
    hub.attach(second);
    expect(first.log).toEqual(['+topics:thread:1', '-topics:thread:1']);
    expect(second.log).toEqual(['+topics:thread:1']);

    offA();
    offA();
    expect(second.log).toEqual(['+topics:thread:1']);
    offB();
    expect(second.log).toEqual(['+topics:thread:1', '-topics:thread:1']);
    expect(hub.channels).toEqual([]);
  });

  it('tells status listeners about the socket', () => {
    const hub = new RealtimeHub();
    const seen: string[] = [];
    const off = hub.onStatus((s) => seen.push(s));
    hub.setStatus('open');
    hub.setStatus('reconnecting');
    off();
    hub.setStatus('open');
    expect(seen).toEqual(['open', 'reconnecting']);
    expect(hub.status).toBe('open');
  });
});
