import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum recommendation.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash of nothing anyone knows, checked for unknown users so that they answer as slowly as known ones.
let decoyHash: Promise<string> | undefined;

/** Made at start, so that not even the first unknown user of a process answers faster. */
export function prepareDecoyHash(): Promise<string> {
  decoyHash ??= hash('decoy-password-for-unknown-users');
  return decoyHash;
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await prepareDecoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
