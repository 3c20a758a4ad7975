import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import { PROGRAM_MESSAGES, type PublishedProgramPage } from '@certs/shared/program/program.contract';
import { PROGRAM_STATUS, type ApplicantProgramStatus } from '@certs/shared/program/program-status';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import type { z } from 'zod';
import type { PublishedProgramQuery } from '@certs/shared/program/program.contract';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { OrderedPartRepository, ProgramSettingsRepository } from './program-part.repository';
import { moduleScope } from './program-part.repository';
import type { ProgramRepository } from './program.repository';
import { toInstruction, toModule, toRequirement } from './program-part.service';
import { toCertificationSettings, toWelderQualificationSettings } from './program-settings.service';
import type { applicantInstructions, programModules, programRequirements } from '../../db/schema/program';

const NOT_APPLIED: ApplicantProgramStatus = 'Not Applied';

/** The applicant's status per program, from the application domain (wired in app.ts, which sees both). */
export type ApplicantStatusLookup = (applicantId: string, programIds: string[]) => Promise<Map<string, ApplicantProgramStatus>>;

/**
 * The account whose published programs a caller reads: applicants read every body's (they belong to
 * the platform and may apply anywhere); staff preview their own account's only (a super user's:
 * the account they work in now), as for every other staff read (decision 033).
 */
function catalogueAccountOf(actor: CurrentUser): string | undefined {
  return actor.userType === 'admin' ? staffAccountOf(actor) : undefined;
}

/** The published catalogue, as applicants (and staff previewing it) read it. */
export class ProgramCatalogueService {
  private statusLookup: ApplicantStatusLookup = async () => new Map();

  constructor(
    private readonly programs: ProgramRepository,
    private readonly instructions: OrderedPartRepository<typeof applicantInstructions>,
    private readonly requirements: OrderedPartRepository<typeof programRequirements>,
    private readonly modules: OrderedPartRepository<typeof programModules>,
    private readonly settings: ProgramSettingsRepository,
  ) {}

  useApplicantStatuses(lookup: ApplicantStatusLookup): void {
    this.statusLookup = lookup;
  }

  private async statusesFor(actor: CurrentUser, programIds: string[]): Promise<Map<string, ApplicantProgramStatus>> {
    return actor.applicantId ? this.statusLookup(actor.applicantId, programIds) : new Map();
  }

  async findPublished(actor: CurrentUser, query: z.output<typeof PublishedProgramQuery>): Promise<PublishedProgramPage> {
    const { rows, totalRows } = await this.programs.findPublishedPage({
      page: query.page,
      pageSize: query.pageSize,
      search: searchTermOrUndefined(query.search),
      programType: query.programType,
      accountId: catalogueAccountOf(actor),
    });
    const statuses = await this.statusesFor(actor, rows.map((row) => row.id));
    return {
      rows: rows.map((row) => ({
        id: row.id,
        programCode: row.programCode,
        programTitle: row.programTitle,
        programType: row.programType,
        publishedOn: row.publishedOn?.toISOString() ?? null,
        applicantStatus: statuses.get(row.id) ?? NOT_APPLIED,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  /** Unpublished and archived programs do not exist for this view: 404, never their content. */
  async findPublishedDetail(actor: CurrentUser, id: string): Promise<PublishedProgramDetail> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.programs.findById(id) : undefined;
    if (!found || found.program.status !== PROGRAM_STATUS.Published) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    // Another account's program does not exist for staff here either, as in their own program screens.
    const staffAccount = catalogueAccountOf(actor);
    if (staffAccount && found.program.accountId !== staffAccount) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    const { program } = found;
    const [instructions, requirements, modules, renewalModules, certification, renewal, welder, currency] = await Promise.all([
      this.instructions.list(id),
      this.requirements.list(id),
      this.modules.list(id, moduleScope(false)),
      this.modules.list(id, moduleScope(true)),
      this.settings.findCertification(id, 'initial'),
      this.settings.findCertification(id, 'renewal'),
      this.settings.findWelderQualification(id),
      this.programs.findAccountCurrency(program.accountId),
    ]);
    return {
      id: program.id,
      programCode: program.programCode,
      programTitle: program.programTitle,
      programType: program.programType,
      currency,
      publishedOn: program.publishedOn?.toISOString() ?? null,
      programDeclaration: program.programDeclaration,
      programTooltips: program.programTooltips,
      applicantStatus: (await this.statusesFor(actor, [id])).get(id) ?? NOT_APPLIED,
      instructions: instructions.map(toInstruction),
      requirements: requirements.map(toRequirement),
      // Inactive modules are not offered.
      modules: modules.filter((m) => !m.isInactive).map(toModule),
      renewalModules: renewalModules.filter((m) => !m.isInactive).map(toModule),
      certificationSettings: certification ? toCertificationSettings(certification) : null,
      renewalSettings: renewal ? toCertificationSettings(renewal) : null,
      welderQualificationSettings: welder ? toWelderQualificationSettings(welder) : null,
    };
  }
}
