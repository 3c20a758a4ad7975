import { accountLogoPath } from '@certs/shared/account/account.contract';
import type { AwardStatus } from '@certs/shared/award/award-status';
import {
  PUBLIC_REGISTER_MESSAGES,
  REGISTER_PROGRAM_TYPES,
  publicStatusOf,
  type PublicCertificate,
  type PublicRegister,
  type PublicRegisterPage,
  type RegisterBody,
  type RegisterSearchRequest,
} from '@certs/shared/public-register/public-register.contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { ClientRequestLimit } from './client-request-limit';
import type { PublicCertificateRow, PublicRegisterRepository } from './public-register.repository';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A day as the issuing body counts days (its account's time zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

/** The one mapping to what the public reads; the status is the status now, on the issuing body's today. */
export function toPublicCertificate(row: PublicCertificateRow, now: Date = new Date()): PublicCertificate {
  const today = todayIn(row.timeZone, now);
  return {
    name: `${row.firstName} ${row.lastName}`.trim(),
    programCode: row.programCode,
    programTitle: row.programTitle,
    certificateNumber: row.certificateNumber,
    awardDate: row.awardedOn,
    expiresOn: row.expiresOn,
    status: publicStatusOf(row.status as AwardStatus, row.expiresOn, today),
    designations: ((row.range as { designations?: unknown } | null)?.designations as string[] | undefined)?.filter((d) => typeof d === 'string') ?? [],
    issuingBody: row.issuingBody,
    issuingBodyLogoUrl: row.issuingBodyLogoId ? accountLogoPath(row.issuingBodyShortName, row.issuingBodyLogoId) : null,
  };
}

/**
 * The public register (holders who have not opted out, by register, of every awarding body or of
 * one) and verification of one certificate (any holder: whoever holds the paper may have it
 * checked). Decision 021.
 */
export class PublicRegisterService {
  constructor(
    private readonly repository: PublicRegisterRepository,
    private readonly limits: { search: ClientRequestLimit; verify: ClientRequestLimit },
  ) {}

  async search(register: PublicRegister, request: z.output<typeof RegisterSearchRequest>, clientAddress: string): Promise<PublicRegisterPage> {
    await this.limits.search.admit(clientAddress);
    const body = request.accountShortName === undefined ? undefined : await this.repository.findBodyByShortName(request.accountShortName);
    if (request.accountShortName !== undefined && !body) {
      throw new AppError('BAD_REQUEST', PUBLIC_REGISTER_MESSAGES.bodyNotFound, { accountShortName: PUBLIC_REGISTER_MESSAGES.bodyNotFound });
    }
    const { rows, totalRows } = await this.repository.search({
      programTypes: REGISTER_PROGRAM_TYPES[register],
      term: request.searchTerm,
      searchBy: request.searchBy,
      accountId: body?.id,
      page: request.currentPage,
      pageSize: request.perPageCount,
    });
    const now = new Date();
    return { rows: rows.map((row) => toPublicCertificate(row, now)), page: request.currentPage, pageSize: request.perPageCount, totalRows };
  }

  /** The awarding bodies whose holders the registers list, by name (the page's body filter). */
  bodies(): Promise<RegisterBody[]> {
    return this.repository.listBodies();
  }

  /**
   * Each number's certificate, or null: letter case forgiven, an exact match first, mapped as the
   * public reads it; with the award and holder for a company's check log only. `verify` answers one
   * number through it; a signed-in company's check (decision 038) many at once, not limited per
   * address, since the caller is known and every certificate found is logged against its holder.
   */
  async verifyMany(certificateNumbers: readonly string[], now: Date = new Date()): Promise<({ certificate: PublicCertificate; awardId: string; holderApplicantId: string } | null)[]> {
    const candidates = await this.repository.findByCertificateNumbers(certificateNumbers);
    return certificateNumbers.map((number) => {
      const matches = candidates.filter((row) => row.certificateNumber.toLowerCase() === number.toLowerCase()).sort((a, b) => a.certificateNumber.localeCompare(b.certificateNumber));
      const row = matches.find((match) => match.certificateNumber === number) ?? matches[0];
      return row ? { certificate: toPublicCertificate(row, now), awardId: row.awardId, holderApplicantId: row.holderApplicantId } : null;
    });
  }

  async verify(certificateNumber: string, clientAddress: string): Promise<PublicCertificate> {
    await this.limits.verify.admit(clientAddress);
    const [answer] = await this.verifyMany([certificateNumber]);
    if (!answer) throw new AppError('NOT_FOUND', PUBLIC_REGISTER_MESSAGES.certificateNotFound);
    return answer.certificate;
  }
}
