import { createHash } from 'node:crypto';
import { BitstringStatusList, createCredential } from '@digitalbazaar/vc-bitstring-status-list';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { AWARD_STATUSES, type AwardStatus } from '@certs/shared/award/award-status';
import {
  CREDENTIAL_MESSAGES,
  CREDENTIAL_PATHS,
  REVOKED_AWARD_STATUSES,
  STATUS_LIST_MIN_BITS,
  credentialFileName,
  statusBitsOf,
  type CredentialStatusPurpose,
} from '@certs/shared/credential/credential.contract';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { ProgramService } from '../program/program.service';
import type { CredentialIssuer } from './credential-issuer';
import { credentialAccess, needsProgramStanding } from './credential.policy';
import type { CredentialRepository } from './credential.repository';
import { openBadgeCredential } from './open-badge';

export interface CredentialDeps {
  issuer: CredentialIssuer;
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

/** Award credentials (Open Badges 3.0) and the platform's two Bitstring Status Lists (decision 018). */
export class CredentialService {
  /** The last signed list of each purpose and what it was made from; re-signed only when its bits change. */
  private readonly signedLists = new Map<CredentialStatusPurpose, { fingerprint: string; credential: Promise<SignedDocument> }>();

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
    const credential = await this.deps.issuer.sign(openBadgeCredential(award, this.deps.issuer.profile(), this.deps.publicUrl));
    return { fileName: credentialFileName(award.certificateNumber), credential };
  }

  issuerDocument(): Promise<Record<string, unknown>> {
    return this.deps.issuer.didDocument();
  }

  /**
   * The purpose's BitstringStatusListCredential, from the awards table as it is now: an award's bit
   * is set while its status says so (on hold: suspension; cancelled or withdrawn: revocation).
   */
  async statusList(purpose: CredentialStatusPurpose): Promise<SignedDocument> {
    const [indexes, highest] = await Promise.all([this.repository.findStatusListIndexes(STATUSES_SETTING[purpose]), this.repository.findHighestStatusListIndex()]);
    const length = statusListLength(highest);
    const fingerprint = createHash('sha256').update(`${length}:${indexes.join(',')}`).digest('base64url');
    const cached = this.signedLists.get(purpose);
    if (cached?.fingerprint === fingerprint) return cached.credential;
    const credential = this.signList(purpose, length, indexes);
    this.signedLists.set(purpose, { fingerprint, credential });
    // A failed signing is not kept: the next request tries again.
    credential.catch(() => {
      if (this.signedLists.get(purpose)?.credential === credential) this.signedLists.delete(purpose);
    });
    return credential;
  }

  private async signList(purpose: CredentialStatusPurpose, length: number, indexes: number[]): Promise<SignedDocument> {
    const list = new BitstringStatusList({ length });
    for (const index of indexes) list.setStatus(index, true);
    const unsigned = await createCredential({ id: `${this.deps.publicUrl}${CREDENTIAL_PATHS.statusList(purpose)}`, list, statusPurpose: purpose });
    const validFrom = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    return this.deps.issuer.sign({ ...unsigned, issuer: this.deps.issuer.did, validFrom });
  }
}
