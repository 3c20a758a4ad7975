import { describe, expect, it } from 'vitest';
import { AWARD_STATUSES } from '../award/award-status';
import { CREDENTIAL_PATHS, credentialDownloadPath, credentialFileName, credentialPathsOf, statusBitsOf } from './credential.contract';

describe('credential status bits', () => {
  it('suspends an award on hold and revokes a cancelled or withdrawn one; current and expired set no bit', () => {
    expect(Object.fromEntries(AWARD_STATUSES.map((status) => [status, statusBitsOf(status)]))).toEqual({
      current: { suspension: false, revocation: false },
      'on hold': { suspension: true, revocation: false },
      cancelled: { suspension: false, revocation: true },
      withdrawn: { suspension: false, revocation: true },
      expired: { suspension: false, revocation: false },
    });
  });
});

describe('credential file name and path', () => {
  it('names the file after the certificate number, keeping it a safe file name', () => {
    expect(credentialFileName('C-WELD-SUP-2026-0001')).toBe('credential-C-WELD-SUP-2026-0001.json');
    expect(credentialFileName('AICIP/2026 07')).toBe('credential-AICIP-2026-07.json');
    expect(credentialFileName('"../x";')).toBe('credential--..-x-.json');
  });

  it('escapes the award id in the download path', () => {
    expect(credentialDownloadPath('a/b')).toBe('/api/award/a%2Fb/credential');
  });
});

describe("an account's issuer paths", () => {
  it("keeps the first account's original paths and puts every other account's under its path name", () => {
    expect(credentialPathsOf(null)).toBe(CREDENTIAL_PATHS);
    const wcnz = credentialPathsOf('wcnz');
    expect([wcnz.issuer, wcnz.issuerDidDocument, wcnz.statusList('suspension')]).toEqual([
      '/unauth/credentials/wcnz/issuer',
      '/unauth/credentials/wcnz/issuer/did.json',
      '/unauth/credentials/wcnz/status/suspension',
    ]);
  });
});
