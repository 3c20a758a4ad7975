import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-gateway';

/** Callbacks older than this are refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function hmacHex(secret: string, text: string | Buffer): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Compares two hex digests in constant time (different lengths are simply unequal). */
export function isSameDigest(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(/^[0-9a-f]*$/i.test(givenHex) ? givenHex : '', 'hex');
  return expected.length === given.length && expected.length > 0 && timingSafeEqual(expected, given);
}

/** `t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">`, the header the test gateway signs its callbacks with (Stripe's scheme). */
export function signatureHeader(secret: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  const signed = Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody)]);
  return `t=${timestamp},v1=${hmacHex(secret, signed)}`;
}

/** Checks a `t=...,v1=...` header over the raw bytes: the signature, then the timestamp's age. */
export function verifySignatureHeader(secret: string, header: string | undefined, rawBody: Buffer, now = Date.now(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): void {
  if (!header) throw new WebhookSignatureError('No signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, ...rest] = item.trim().split('=');
    if (!key || rest.length === 0) continue;
    parts.set(key, [...(parts.get(key) ?? []), rest.join('=')]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError('Malformed signature header');
  const expected = hmacHex(secret, Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]));
  if (!signatures.some((signature) => isSameDigest(expected, signature))) throw new WebhookSignatureError('Signature does not match');
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) throw new WebhookSignatureError('Timestamp outside the tolerance');
}

/** A compact signed token: base64url(JSON).hex-HMAC. The test gateway carries its session in it. */
export function signToken(secret: string, data: object): string {
  const body = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${body}.${hmacHex(secret, body)}`;
}

export function readToken<T>(secret: string, token: string): T | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !isSameDigest(hmacHex(secret, body), signature)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** The payment signing secret: configured, or derived from the JWT secret so every instance agrees. */
export function paymentSigningSecret(configured: string | undefined, jwtSecret: string): string {
  return configured ?? createHmac('sha256', jwtSecret).update('certs-payment-signing-v1').digest('hex');
}
