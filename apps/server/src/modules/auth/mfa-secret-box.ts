import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Keeps TOTP secrets encrypted at rest (AES-256-GCM) and recovery codes as keyed hashes, with
 * keys derived (HKDF) from MFA_SECRET_KEY, or from JWT_SECRET when that is unset: a copy of the
 * database alone yields neither a secret nor a way to test guesses at a recovery code.
 */
export class MfaSecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    this.encryptionKey = Buffer.from(hkdfSync('sha256', secret, 'certs-mfa', 'totp-secret-encryption', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', secret, 'certs-mfa', 'recovery-code-hash', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The secret, or null when it was sealed with another key (JWT_SECRET or MFA_SECRET_KEY changed) or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Recovery codes are random (50 bits): a keyed hash suffices, and lets a code be found by its hash. */
  hashRecoveryCode(normalised: string): string {
    return createHmac('sha256', this.hashKey).update(normalised).digest('hex');
  }
}
