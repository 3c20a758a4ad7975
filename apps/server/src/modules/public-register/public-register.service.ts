import type { AwardStatus } from '@certs/shared/award/award-status';
import {
  PUBLIC_REGISTER_MESSAGES,
  REGISTER_PROGRAM_TYPES,
  publicStatusOf,
  type PublicCertificate,
  type PublicRegister,
  type PublicRegisterPage,
  type RegisterSearchRequest,
} from '@certs/shared/public-register/public-register.contract';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { ClientRequestLimit } from './client-request-limit';
import type { PublicCertificateRow, PublicRegisterRepository } from './public-register.repository';

/** The one mapping to what the public reads; the status is the status now, on Sydney's today. */
export function toPublicCertificate(row: PublicCertificateRow, today: string): PublicCertificate {
  return {
    name: `${row.firstName} ${row.lastName}`.trim(),
    programCode: row.programCode,
    programTitle: row.programTitle,
    certificateNumber: row.certificateNumber,
    awardDate: row.awardedOn,
    expiresOn: row.expiresOn,
    status: publicStatusOf(row.status as AwardStatus, row.expiresOn, today),
    designations: ((row.range as { designations?: unknown } | null)?.designations as string[] | undefined)?.filter((d) => typeof d === 'string') ?? [],
  };
}

/**
 * The public register (holders who have not opted out, by register) and verification of one
 * certificate (any holder: whoever holds the paper may have it checked). Decision 021.
 */
export class PublicRegisterService {
  constructor(
    private readonly repository: PublicRegisterRepository,
    private readonly limits: { search: ClientRequestLimit; verify: ClientRequestLimit },
  ) {}

  async search(register: PublicRegister, request: z.output<typeof RegisterSearchRequest>, clientAddress: string): Promise<PublicRegisterPage> {
    await this.limits.search.admit(clientAddress);
    const { rows, totalRows } = await this.repository.search({
      programTypes: REGISTER_PROGRAM_TYPES[register],
      term: request.searchTerm,
      searchBy: request.searchBy,
      page: request.currentPage,
      pageSize: request.perPageCount,
    });
    const today = todayInSydney();
    return { rows: rows.map((row) => toPublicCertificate(row, today)), page: request.currentPage, pageSize: request.perPageCount, totalRows };
  }

  async verify(certificateNumber: string, clientAddress: string): Promise<PublicCertificate> {
    await this.limits.verify.admit(clientAddress);
    const row = await this.repository.findByCertificateNumber(certificateNumber);
    if (!row) throw new AppError('NOT_FOUND', PUBLIC_REGISTER_MESSAGES.certificateNotFound);
    return toPublicCertificate(row, todayInSydney());
  }
}
