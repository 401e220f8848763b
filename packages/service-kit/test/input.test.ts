import { describe, expect, it } from 'vitest';

import { MAX_INPUT_DEPTH, unsafeInputField } from '../src/input.ts';

describe('unsafeInputField', () => {
  it('names the top-level field holding a NUL or a lone surrogate, in a value or a key', () => {
    expect(unsafeInputField({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b');
    expect(unsafeInputField({ name: '\ud800' })).toBe('name');
    expect(unsafeInputField({ name: 'ok\udc00' })).toBe('name');
    expect(unsafeInputField({ deep: { ['k\u0000']: 1 } })).toBe('deep');
    expect(unsafeInputField({ emoji: '🍣本音', text: 'ふつう' })).toBeUndefined();
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(unsafeInputField({ x: v })).toBe('x');
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) ok = { n: ok };
    expect(unsafeInputField(ok)).toBeUndefined();
  });

  it('walks a structure with cycles (a multipart body) once, and skips streams and buffers', () => {
    const fields: Record<string, unknown> = {};
    fields.a = { value: 'fine', fields };
    fields.b = { value: 'bad\u0000', fields };
    fields.file = { file: Buffer.from([0, 0, 0]), fields };
    expect(unsafeInputField(fields)).toBe('b');
    delete fields.b;
    expect(unsafeInputField(fields)).toBeUndefined();
  });
});
