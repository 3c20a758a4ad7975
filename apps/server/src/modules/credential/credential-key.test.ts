import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_LIST_MIN_BITS, credentialPathsOf } from '@certs/shared/credential/credential.contract';
import { CredentialIssuer, issuerDidOf } from './credential-issuer';
import { CREDENTIAL_KEY_FILE, credentialSigningSeed } from './credential-key';
import { statusListLength } from './credential.service';

const issuerWith = (seed: Uint8Array, publicUrl = 'https://certs.example.org') => new CredentialIssuer(issuerDidOf(publicUrl), seed);
const publicKeyOf = async (issuer: CredentialIssuer) => ((await issuer.didDocument()) as { verificationMethod: { publicKeyMultibase: string }[] }).verificationMethod[0]!.publicKeyMultibase;

describe('the credential signing key', () => {
  it('is made once into the data folder on the embedded default, readable by the owner only, and kept across restarts', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'certs-key-')), 'data');
    const first = credentialSigningSeed(undefined, dataDir);
    const file = path.join(dataDir, CREDENTIAL_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64url')).toEqual(Buffer.from(first));
    const again = credentialSigningSeed(undefined, dataDir);
    expect(Buffer.from(again)).toEqual(Buffer.from(first));
    expect(await publicKeyOf(issuerWith(again))).toBe(await publicKeyOf(issuerWith(first)));
  });

  it('comes from CREDENTIAL_SIGNING_KEY when configured (base64 or base64url alike), so every instance publishes one key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'certs-key-'));
    const bytes = Buffer.alloc(32, 0xfb);
    const fromBase64 = credentialSigningSeed(bytes.toString('base64'), dataDir);
    const fromBase64url = credentialSigningSeed(bytes.toString('base64url'), dataDir);
    expect(Buffer.from(fromBase64)).toEqual(bytes);
    expect(Buffer.from(fromBase64url)).toEqual(bytes);
    expect(() => statSync(path.join(dataDir, CREDENTIAL_KEY_FILE))).toThrow();
    expect(await publicKeyOf(issuerWith(fromBase64))).toBe(await publicKeyOf(issuerWith(fromBase64url)));
    expect(await publicKeyOf(issuerWith(Buffer.alloc(32, 1)))).not.toBe(await publicKeyOf(issuerWith(fromBase64)));
    expect(() => credentialSigningSeed(Buffer.alloc(31).toString('base64'), dataDir)).toThrow(/32 bytes/);
  });
});

describe('the issuer', () => {
  it('is a did:web under PUBLIC_URL, port and path included', () => {
    expect(issuerDidOf('https://certs.example.org')).toBe('did:web:certs.example.org:unauth:credentials:issuer');
    expect(issuerDidOf('http://localhost:3000')).toBe('did:web:localhost%3A3000:unauth:credentials:issuer');
    expect(issuerDidOf('https://example.org/wcb/')).toBe('did:web:example.org:wcb:unauth:credentials:issuer');
  });

  it("of another account is a did:web under the account's own path", () => {
    expect(issuerDidOf('https://certs.example.org', credentialPathsOf('wcnz').issuer)).toBe('did:web:certs.example.org:unauth:credentials:wcnz:issuer');
    expect(issuerDidOf('http://localhost:3000', credentialPathsOf('wcnz').issuer)).toBe('did:web:localhost%3A3000:unauth:credentials:wcnz:issuer');
  });

  it("names its key after the public key, in a DID document that authorises it for assertions and holds no secret", async () => {
    const document = (await issuerWith(Buffer.alloc(32, 9)).didDocument()) as Record<string, unknown> & { verificationMethod: Record<string, string>[] };
    const key = document.verificationMethod[0]!;
    expect(key.id).toBe(`did:web:certs.example.org:unauth:credentials:issuer#${key.publicKeyMultibase}`);
    expect(document.assertionMethod).toEqual([key.id]);
    expect(Object.keys(key).sort()).toEqual(['controller', 'id', 'publicKeyMultibase', 'type']);
  });
});

describe('status list length', () => {
  it("is the spec's minimum, grown in whole minimums to reach every award's index", () => {
    expect(statusListLength(-1)).toBe(STATUS_LIST_MIN_BITS);
    expect(statusListLength(0)).toBe(STATUS_LIST_MIN_BITS);
    expect(statusListLength(STATUS_LIST_MIN_BITS - 1)).toBe(STATUS_LIST_MIN_BITS);
    expect(statusListLength(STATUS_LIST_MIN_BITS)).toBe(2 * STATUS_LIST_MIN_BITS);
  });
});
