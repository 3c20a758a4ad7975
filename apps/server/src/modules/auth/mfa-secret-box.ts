import { createHmac, hkdfSync } from 'node:crypto';
import { SecretBox } from '../../platform/secret-box';

/**
 * Keeps TOTP secrets encrypted at rest (AES-256-GCM) and recovery codes as keyed hashes, with
 * keys derived (HKDF) from MFA_SECRET_KEY, or from JWT_SECRET when that is unset: a copy of the
 * database alone yields neither a secret nor a way to test guesses at a recovery code.
 */
export class MfaSecretBox {
  private readonly box: SecretBox;
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    this.box = new SecretBox(secret, 'certs-mfa', 'totp-secret-encryption');
    this.hashKey = Buffer.from(hkdfSync('sha256', secret, 'certs-mfa', 'recovery-code-hash', 32));
  }

  seal(plain: string): string {
    return this.box.seal(plain);
  }

  /** The secret, or null when it was sealed with another key (JWT_SECRET or MFA_SECRET_KEY changed) or altered. */
  open(sealed: string): string | null {
    return this.box.open(sealed);
  }

  /** Recovery codes are random (50 bits): a keyed hash suffices, and lets a code be found by its hash. */
  hashRecoveryCode(normalised: string): string {
    return createHmac('sha256', this.hashKey).update(normalised).digest('hex');
  }
}
