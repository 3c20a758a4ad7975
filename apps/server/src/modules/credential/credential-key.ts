import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the embedded default keeps its credential signing key, beside the JWT secret. */
export const CREDENTIAL_KEY_FILE = 'credential-signing-key';

/** 32 bytes from base64 or base64url (Node's base64 decoder reads both alphabets). */
export function decodeSigningSeed(encoded: string): Uint8Array {
  const seed = Buffer.from(encoded.trim(), 'base64');
  if (seed.length !== 32) throw new Error('The credential signing key must be 32 bytes in base64 or base64url');
  return new Uint8Array(seed);
}

/**
 * The Ed25519 seed that signs credentials: CREDENTIAL_SIGNING_KEY when configured (required with
 * DATABASE_URL, see readEnv), else made once into the data folder and kept there, so that
 * credentials issued before a restart still verify after it.
 */
export function credentialSigningSeed(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return decodeSigningSeed(configured);
  const file = path.join(dataDir, CREDENTIAL_KEY_FILE);
  if (existsSync(file)) return decodeSigningSeed(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const encoded = randomBytes(32).toString('base64url');
  writeFileSync(file, encoded, { mode: 0o600 });
  return decodeSigningSeed(encoded);
}
