import type { CDPSession, Page } from '@playwright/test';

/** One response the page received, as Chromium's network layer counted it. */
export interface LoadedResource {
  url: string;
  type: string;
  /** Bytes on the wire: headers plus the (compressed) body. */
  transferred: number;
  fromCache: boolean;
}

/**
 * Records every response of `page` through the DevTools protocol: what DevTools calls
 * "transferred", i.e. the compressed bytes, headers included. Service-worker answers and cache hits
 * count as what they cost on the wire (nothing or a 304's headers).
 */
export async function recordNetwork(page: Page): Promise<{ cdp: CDPSession; resources: () => LoadedResource[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, { url: string; type: string; fromCache: boolean }>();
  const done: LoadedResource[] = [];
  cdp.on('Network.responseReceived', (e) => {
    pending.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const seen = pending.get(e.requestId);
    if (!seen) return;
    pending.delete(e.requestId);
    done.push({ ...seen, transferred: e.encodedDataLength });
  });
  return { cdp, resources: () => [...done] };
}

/**
 * Transferred bytes and requests of the app itself (documents, scripts, icons), which the budget
 * holds, and of its API calls apart: what those weigh depends on the data (other journeys' voices
 * share the server), so they are reported, not budgeted.
 */
export function summarise(resources: LoadedResource[], origin: string) {
  const own = resources.filter((r) => r.url.startsWith(origin));
  const isApi = (r: LoadedResource) => new URL(r.url).pathname.startsWith('/api/');
  const kb = (list: LoadedResource[]) => Math.round((list.reduce((n, r) => n + r.transferred, 0) / 1024) * 10) / 10;
  const app = own.filter((r) => !isApi(r));
  const api = own.filter(isApi);
  return {
    requests: own.length,
    scripts: own.filter((r) => r.type === 'Script' || /\.js(\?|$)/.test(r.url)).length,
    kb: kb(app),
    api: api.length,
    apiKb: kb(api),
  };
}

/** The phone profile of issue 14 (Lighthouse's mobile throttling): 1.6 Mbit/s down, 150 ms, CPU 4×. */
export async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Starts collecting largest-contentful-paint entries before the page's own scripts run. */
export async function watchLcp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

export const lcpOf = (page: Page) => page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
