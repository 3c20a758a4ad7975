import type { AwardStatus } from '@certs/shared/award/award-status';
import {
  CERTIFICATE_CHECK_CSV_COLUMNS,
  CERTIFICATE_CHECK_HISTORY_SIZE,
  CERTIFICATE_CHECK_MESSAGES,
  DAILY_CERTIFICATE_CHECK_NUMBERS,
  checkStatusText,
  type CertificateCheck,
  type CertificateCheckRow,
  type CertificateCheckSummary,
} from '@certs/shared/certificate-check/certificate-check.contract';
import type { CertificateCheckByCompany } from '@certs/shared/company-access/company-access.contract';
import { formatDay } from '@certs/shared/common/dates';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv } from '../../platform/csv';
import { todayIn, type PublicRegisterService } from '../public-register/public-register.service';
import type { CertificateCheckRepository, LoggedCheck } from './certificate-check.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The day in a file's name, as the platform's home counts days. */
const FILE_DAY_ZONE = 'Australia/Sydney';

const notFoundRow = (number: string): CertificateCheckRow => ({
  number,
  found: false,
  certificateNumber: null,
  holderName: null,
  programCode: null,
  programTitle: null,
  awardingBody: null,
  status: null,
  awardDate: null,
  expiresOn: null,
  designations: [],
});

const designationsOf = (range: unknown): string[] => ((range as { designations?: unknown } | null)?.designations as string[] | undefined)?.filter((d) => typeof d === 'string') ?? [];

const nameOf = (row: { checkedByFirstName: string; checkedByLastName: string }) => `${row.checkedByFirstName} ${row.checkedByLastName}`.trim();

/**
 * A company checks many certificate numbers at once (issue 42, decision 038). Each number answers
 * exactly what the public verification page answers for it (`PublicRegisterService.verifyMany`,
 * the same query rule and mapping as verification: the holder's name whether or not they are listed in the register,
 * the status now on the issuing body's day), or not found. Every certificate found is logged
 * against its holder, who sees which company checked it and when. The company is always the
 * caller's session's; a check of another company's reads as missing.
 */
export class CertificateCheckService {
  constructor(
    private readonly repository: CertificateCheckRepository,
    private readonly register: PublicRegisterService,
  ) {}

  /** Checks the numbers (already trimmed, each once, 1 to 500) and logs each certificate found. */
  async check(actor: CurrentUser, numbers: string[]): Promise<CertificateCheck> {
    const companyId = employerCompanyOf(actor);
    const answers = await this.register.verifyMany(numbers);
    const found: LoggedCheck[] = [];
    const rows = numbers.map((number, i): CertificateCheckRow => {
      const answer = answers[i];
      if (!answer) return notFoundRow(number);
      const { certificate } = answer;
      found.push({ certificateNumber: number, awardId: answer.awardId, holderApplicantId: answer.holderApplicantId, status: certificate.status, expiresOn: certificate.expiresOn });
      return {
        number,
        found: true,
        certificateNumber: certificate.certificateNumber,
        holderName: certificate.name,
        programCode: certificate.programCode,
        programTitle: certificate.programTitle,
        awardingBody: certificate.issuingBody,
        status: certificate.status,
        awardDate: certificate.awardDate,
        expiresOn: certificate.expiresOn,
        designations: certificate.designations,
      };
    });
    const batch = await this.repository.transaction(async (tx) => {
      // A company checks papers, it does not read the register wholesale: a budget a day (nothing logged when refused).
      if ((await this.repository.numbersCheckedInLastDay(tx, companyId)) + numbers.length > DAILY_CERTIFICATE_CHECK_NUMBERS) throw new AppError('TOO_MANY_REQUESTS', CERTIFICATE_CHECK_MESSAGES.dailyLimit);
      return this.repository.insertCheck(tx, { companyId, companyUserId: actor.id, numbers, found });
    });
    const saved = (await this.repository.findCheck(companyId, batch.id))!;
    return { id: batch.id, checkedOn: batch.checkedOn.toISOString(), checkedBy: nameOf(saved), total: numbers.length, found: found.length, rows };
  }

  /** The company's last 50 checks, newest first. */
  async list(actor: CurrentUser): Promise<CertificateCheckSummary[]> {
    const rows = await this.repository.findChecks(employerCompanyOf(actor), CERTIFICATE_CHECK_HISTORY_SIZE);
    return rows.map((row) => ({ id: row.id, checkedOn: row.checkedOn.toISOString(), checkedBy: nameOf(row), total: row.total, found: row.found }));
  }

  /** A past check of the company's, as it answered then (the status and expiry it reported). */
  async findOne(actor: CurrentUser, id: string): Promise<CertificateCheck> {
    const batch = UUID.test(id) ? await this.repository.findCheck(employerCompanyOf(actor), id) : undefined;
    if (!batch) throw new AppError('NOT_FOUND', CERTIFICATE_CHECK_MESSAGES.checkNotFound);
    const logged = await this.repository.findCheckRows(batch.id);
    const rows = batch.numbers.map((number): CertificateCheckRow => {
      const row = logged.find((entry) => entry.numberEntered === number);
      if (!row) return notFoundRow(number);
      return {
        number,
        found: true,
        certificateNumber: row.certificateNumber,
        holderName: `${row.firstName} ${row.lastName}`.trim(),
        programCode: row.programCode,
        programTitle: row.programTitle,
        awardingBody: row.awardingBody,
        status: row.status,
        awardDate: row.awardedOn,
        expiresOn: row.expiresOn,
        designations: designationsOf(row.range),
      };
    });
    return { id: batch.id, checkedOn: batch.checkedOn.toISOString(), checkedBy: nameOf(batch), total: batch.numbers.length, found: rows.filter((row) => row.found).length, rows };
  }

  /** A past check as a CSV file (formulas neutralised by `toCsv`). */
  async csv(actor: CurrentUser, id: string): Promise<{ fileName: string; csv: string }> {
    const check = await this.findOne(actor, id);
    const csv = toCsv(
      check.rows.map((row) => [
        row.number,
        row.found ? 'Yes' : 'No',
        row.certificateNumber,
        row.holderName,
        row.programCode,
        row.programTitle,
        row.awardingBody,
        checkStatusText(row.status as AwardStatus | null),
        // Days as people read dates (issue 45 item 9); an empty cell when there is none.
        row.awardDate ? formatDay(row.awardDate) : '',
        row.expiresOn ? formatDay(row.expiresOn) : '',
        row.designations.join('; '),
      ]),
      { columns: CERTIFICATE_CHECK_CSV_COLUMNS },
    );
    return { fileName: `certificate-check-${todayIn(FILE_DAY_ZONE, new Date(check.checkedOn))}.csv`, csv };
  }

  /** For the holder's own view: which companies checked their certificates, and when (decision 038). */
  async checksOfHolder(applicantId: string, limit: number): Promise<CertificateCheckByCompany[]> {
    const rows = await this.repository.findChecksOfHolder(applicantId, limit);
    return rows.map((row) => ({ companyName: row.companyName, certificateNumber: row.certificateNumber, checkedOn: row.checkedOn.toISOString() }));
  }
}
