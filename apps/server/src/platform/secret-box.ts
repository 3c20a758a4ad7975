import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Keeps a secret encrypted at rest (AES-256-GCM) under a key derived (HKDF) from a server secret
 * and a purpose, so that a copy of the database alone yields none of them, and a secret sealed
 * for one purpose cannot be opened as another. Used for TOTP secrets (decision 020) and the
 * accounts' payment gateway keys (decision 033).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, salt: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, salt, purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The secret, or null when it was sealed with another key (the server secret changed) or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
