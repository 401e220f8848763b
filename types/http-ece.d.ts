/** http_ece (web-push's own dependency) ships no types; the push tests (services/accounts, e2e) decrypt with it as a browser would; both tsconfigs include this file. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
