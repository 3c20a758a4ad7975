import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for the local storage's URLs: the server signs what it hands out and checks what comes back. */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  sign(parts: readonly string[]): string {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('base64url');
  }

  isValid(parts: readonly string[], signature: string | undefined, expiresAtSeconds: number, nowMs: number = Date.now()): boolean {
    if (!signature || !Number.isFinite(expiresAtSeconds) || expiresAtSeconds * 1000 < nowMs) return false;
    const expected = Buffer.from(this.sign(parts));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
