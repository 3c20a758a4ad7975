import { createHash } from 'node:crypto';
import { BitstringStatusList, createCredential } from '@digitalbazaar/vc-bitstring-status-list';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { AWARD_STATUSES, type AwardStatus } from '@certs/shared/award/award-status';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import {
  CREDENTIAL_MESSAGES,
  REVOKED_AWARD_STATUSES,
  STATUS_LIST_MIN_BITS,
  credentialFileName,
  statusBitsOf,
  type CredentialStatusPurpose,
} from '@certs/shared/credential/credential.contract';
import { PUBLIC_REGISTER_PAGES, registerPagePath } from '@certs/shared/public-register/public-register.contract';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { ProgramService } from '../program/program.service';
import type { AccountIssuer, CredentialIssuers } from './credential-issuers';
import { credentialAccess, needsProgramStanding } from './credential.policy';
import type { CredentialAwardRow, CredentialRepository } from './credential.repository';
import { openBadgeCredential } from './open-badge';

export interface CredentialDeps {
  issuers: CredentialIssuers;
  programs: Pick<ProgramService, 'programPrivilege'>;
  accessLog: PersonalDataAccessLog;
  publicUrl: string;
}

type SignedDocument = Record<string, unknown> & { proof: Record<string, unknown> };

const UUID = z.uuid();

/** The award statuses whose bit is set in each list (award-status → bits, shared contract). */
const STATUSES_SETTING: Record<CredentialStatusPurpose, AwardStatus[]> = {
  suspension: AWARD_STATUSES.filter((status) => statusBitsOf(status).suspension),
  revocation: AWARD_STATUSES.filter((status) => statusBitsOf(status).revocation),
};

/** The list's length: the spec's minimum, grown in whole minimums so that every award's index is inside it. */
export function statusListLength(highestIndex: number): number {
  return Math.max(1, Math.ceil((highestIndex + 1) / STATUS_LIST_MIN_BITS)) * STATUS_LIST_MIN_BITS;
}

/**
 * Award credentials (Open Badges 3.0) and each awarding body's two Bitstring Status Lists (decision
 * 018): an award is issued by its program's account, with that account's key and lists.
 */
export class CredentialService {
  /** The last signed list of each account and purpose and what it was made from; re-signed only when its bits change. */
  private readonly signedLists = new Map<string, { fingerprint: string; credential: Promise<SignedDocument> }>();

  constructor(
    private readonly repository: CredentialRepository,
    private readonly deps: CredentialDeps,
  ) {}

  /** The award's credential, signed now, for its holder or staff who may read the award. */
  async credentialOf(actor: CurrentUser, awardId: string, route: string): Promise<{ fileName: string; credential: SignedDocument }> {
    const award = UUID.safeParse(awardId).success ? await this.repository.findAward(awardId) : undefined;
    if (!award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const standing = needsProgramStanding(actor, award) ? await this.deps.programs.programPrivilege(actor, award.programId) : null;
    const access = credentialAccess(actor, award, standing);
    if (access === 'not found') throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    if (access === 'forbidden') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // Decided before the access log: a refusal reads nothing.
    if ((REVOKED_AWARD_STATUSES as readonly AwardStatus[]).includes(award.status)) throw new AppError('CONFLICT', CREDENTIAL_MESSAGES.revoked(award.status));
    // The credential names the holder: a staff read of it is logged like their profile (decision 016).
    await this.deps.accessLog.record(actor, { applicantId: award.applicantId }, { route, resource: award.id });
    const body = await this.deps.issuers.forAccount(award.accountId);
    const profile = body.issuer.profile({ name: award.accountName, url: this.bodyUrlOf(award), email: award.accountEmail });
    const credential = await body.issuer.sign(openBadgeCredential(award, profile, { publicUrl: this.deps.publicUrl, paths: body.paths, timeZone: award.accountTimeZone }));
    return { fileName: credentialFileName(award.certificateNumber), credential };
  }

  /**
   * The issuer profile's address: the platform's for the first account (as before accounts), the
   * body's own register page for every other, so that a verifier reaches the body that issued it.
   */
  private bodyUrlOf(award: Pick<CredentialAwardRow, 'accountId' | 'accountShortName'>): string {
    if (award.accountId === FIRST_ACCOUNT_ID) return this.deps.publicUrl;
    return `${this.deps.publicUrl}${registerPagePath(PUBLIC_REGISTER_PAGES.search, award.accountShortName)}`;
  }

  /** The issuer published under this path name (null: the first account's original paths). */
  private async issuerNamed(pathName: string | null): Promise<AccountIssuer> {
    const body = pathName === null ? await this.deps.issuers.forAccount(FIRST_ACCOUNT_ID) : await this.deps.issuers.byPathName(pathName);
    if (!body) throw new AppError('NOT_FOUND', CREDENTIAL_MESSAGES.issuerNotFound);
    return body;
  }

  async issuerDocument(pathName: string | null): Promise<Record<string, unknown>> {
    return (await this.issuerNamed(pathName)).issuer.didDocument();
  }

  /**
   * The body's BitstringStatusListCredential of the purpose, from its awards as they are now: an
   * award's bit is set while its status says so (on hold: suspension; cancelled or withdrawn:
   * revocation). Another body's awards are never in it.
   */
  async statusList(pathName: string | null, purpose: CredentialStatusPurpose): Promise<SignedDocument> {
    const body = await this.issuerNamed(pathName);
    const [indexes, highest] = await Promise.all([this.repository.findStatusListIndexes(body.accountId, STATUSES_SETTING[purpose]), this.repository.findHighestStatusListIndex(body.accountId)]);
    const length = statusListLength(highest);
    const fingerprint = createHash('sha256').update(`${length}:${indexes.join(',')}`).digest('base64url');
    const key = `${body.accountId}:${purpose}`;
    const cached = this.signedLists.get(key);
    if (cached?.fingerprint === fingerprint) return cached.credential;
    const credential = this.signList(body, purpose, length, indexes);
    this.signedLists.set(key, { fingerprint, credential });
    // A failed signing is not kept: the next request tries again.
    credential.catch(() => {
      if (this.signedLists.get(key)?.credential === credential) this.signedLists.delete(key);
    });
    return credential;
  }

  private async signList(body: AccountIssuer, purpose: CredentialStatusPurpose, length: number, indexes: number[]): Promise<SignedDocument> {
    const list = new BitstringStatusList({ length });
    for (const index of indexes) list.setStatus(index, true);
    const unsigned = await createCredential({ id: `${this.deps.publicUrl}${body.paths.statusList(purpose)}`, list, statusPurpose: purpose });
    const validFrom = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    return body.issuer.sign({ ...unsigned, issuer: body.issuer.did, validFrom });
  }
}
