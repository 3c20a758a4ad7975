import type { AwardStatus } from '../award/award-status';

/**
 * Verifiable credentials of awards (issue 16, decision 018): every award is also an Open Badges
 * 3.0 `OpenBadgeCredential`, signed by its awarding body (the account of the award's program), with
 * one entry in each of that body's two Bitstring Status Lists.
 */
export const CREDENTIAL_STATUS_PURPOSES = ['suspension', 'revocation'] as const;
export type CredentialStatusPurpose = (typeof CREDENTIAL_STATUS_PURPOSES)[number];

/** The spec's minimum list length (131,072 bits, 16 KB), which keeps one award's bit among many. */
export const STATUS_LIST_MIN_BITS = 131_072;

/**
 * Public documents, under PUBLIC_URL: the first account's (the body that ran the platform alone),
 * whose DID (did:web) resolves to `issuerDidDocument` and is named by every credential issued
 * before accounts. Every other account publishes the same documents under its own path name
 * (`credentialPathsOf`).
 */
export const CREDENTIAL_PATHS = {
  issuer: '/unauth/credentials/issuer',
  issuerDidDocument: '/unauth/credentials/issuer/did.json',
  statusList: (purpose: CredentialStatusPurpose) => `/unauth/credentials/status/${purpose}`,
} as const;

export type CredentialPaths = { readonly issuer: string; readonly issuerDidDocument: string; statusList: (purpose: CredentialStatusPurpose) => string };

/**
 * Names an account's issuer may not take: its paths would be the first account's
 * (`/unauth/credentials/issuer/...`, `/unauth/credentials/status/...`).
 */
export const RESERVED_ISSUER_PATH_NAMES: readonly string[] = ['issuer', 'status'];

/**
 * An account's own issuer documents (issue 40): `/unauth/credentials/<pathName>/issuer` (its DID,
 * `did:web:<host>:unauth:credentials:<pathName>:issuer`) and its own two status lists. Null is the
 * first account, whose paths are the original ones.
 */
export function credentialPathsOf(issuerPathName: string | null): CredentialPaths {
  if (issuerPathName === null) return CREDENTIAL_PATHS;
  const base = `/unauth/credentials/${encodeURIComponent(issuerPathName)}`;
  return { issuer: `${base}/issuer`, issuerDidDocument: `${base}/issuer/did.json`, statusList: (purpose) => `${base}/status/${purpose}` };
}

/** The holder's (or staff's) download of an award's credential, as JSON. */
export const credentialDownloadPath = (awardId: string) => `/api/award/${encodeURIComponent(awardId)}/credential`;

/** The downloaded file's name; anything but letters, digits, dot, dash and underscore becomes a dash. */
export function credentialFileName(certificateNumber: string): string {
  return `credential-${certificateNumber.replace(/[^A-Za-z0-9._-]+/g, '-')}.json`;
}

/**
 * Which status bits an award's status sets: Hold suspends (Release clears it again), Cancel and
 * Withdraw revoke. Expiry is the credential's own `validUntil`, so it sets no bit.
 */
export function statusBitsOf(status: AwardStatus): Record<CredentialStatusPurpose, boolean> {
  return { suspension: status === 'on hold', revocation: status === 'cancelled' || status === 'withdrawn' };
}

/** Award statuses whose credential is revoked for good: no new copy is issued. */
export const REVOKED_AWARD_STATUSES = ['cancelled', 'withdrawn'] as const satisfies readonly AwardStatus[];

export const CREDENTIAL_MESSAGES = {
  issuerNotFound: 'No credential issuer has this name',
  revoked: (status: AwardStatus) => `This award is ${status}: its credential is revoked and is no longer issued`,
} as const;
