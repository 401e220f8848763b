import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { parseS3Url, S3Objects } from '../src/objects.ts';
import { requireOrSkip } from '../src/testing.ts';

describe('S3_URL', () => {
  it('holds the endpoint, bucket, keys and region in one value', () => {
    expect(parseS3Url('http://AKIA:s%2Fecret@127.0.0.1:9000/honne')).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'honne',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 's/ecret',
    });
    expect(parseS3Url('https://k:s@s3.example.jp/media?region=ap-northeast-1')).toMatchObject({
      endpoint: 'https://s3.example.jp',
      region: 'ap-northeast-1',
    });
  });

  it.each([
    ['no keys', 'http://127.0.0.1:9000/honne'],
    ['no bucket', 'http://k:s@127.0.0.1:9000/'],
    ['a key path instead of a bucket', 'http://k:s@127.0.0.1:9000/honne/images'],
    ['another scheme', 's3://k:s@127.0.0.1/honne'],
  ])('refuses %s', (_what, url) => {
    expect(() => parseS3Url(url)).toThrow(/S3_URL must be/);
  });
});

// Against the S3-compatible server CI runs (S3_URL); the services' suites check the rest.
describe.runIf(requireOrSkip('object storage (S3_URL)', Boolean(process.env.S3_URL)))('S3Objects', () => {
  it('stores, reads, and removes objects under its prefix; a missing one reads as undefined', async () => {
    const store = new S3Objects(parseS3Url(process.env.S3_URL!), `kit-test-${randomUUID()}/`);
    try {
      await store.ensureBucket();
      await store.ensureBucket();
      const bytes = Buffer.from('本音 object');
      await store.put('a', bytes, 'text/plain');
      await store.put('b', Buffer.from('b'), 'text/plain');
      expect(await store.get('a')).toEqual(bytes);
      await store.remove(['a', 'never-was']);
      expect(await store.get('a')).toBeUndefined();
      expect(await store.get('b')).toEqual(Buffer.from('b'));
      await store.remove(['b']);
    } finally {
      store.close();
    }
  });
});
