declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
    ): Buffer;
  };
  // biome-ignore lint/style/noDefaultExport: http_ece is a CommonJS module; its export is the default import.
  export default ece;
}
