import { ADVANCED_SEARCH_MESSAGES, AdvancedSearchFilters, type SavedSearch, type SearchResultPage, type SearchResultRow } from '@certs/shared/advanced-search/advanced-search.contract';
import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { AWARD_STATUS_LABELS, type AwardStatus } from '@certs/shared/award/award-status';
import { formatInvoiceNumber } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { StaffScope } from '../report/staff-scope';
import type { AdvancedSearchRepository, FoundRow } from './advanced-search.repository';

type Filters = z.output<typeof AdvancedSearchFilters>;

/**
 * `advancesearch` (spec section 7): one staff search across applications, applicants, awards and
 * payments with combined filters, only within the caller's programs (`StaffScope`); searches are
 * saved per user by name, in the account they work in.
 */
export class AdvancedSearchService {
  constructor(
    private readonly repository: AdvancedSearchRepository,
    private readonly scopes: StaffScope,
  ) {}

  async search(actor: CurrentUser, input: { page: number; pageSize: number; filters: Filters }): Promise<SearchResultPage> {
    const { entity, ...filters } = input.filters;
    const scope = await this.scopes.narrowed(actor, filters.programId);
    const rows = await this.repository.search(entity, filters, scope, input.page, input.pageSize);
    return { rows: rows.map((row) => toResultRow(entity, row)), page: input.page, pageSize: input.pageSize, totalRows: rows[0]?.totalRows ?? 0 };
  }

  async listSaved(actor: CurrentUser): Promise<SavedSearch[]> {
    const rows = await this.repository.listSaved(actor.id, staffAccountOf(actor));
    return rows.map((row) => ({ id: row.id, name: row.name, filters: AdvancedSearchFilters.parse(row.filters), createdOn: row.createdOn.toISOString() }));
  }

  async save(actor: CurrentUser, input: { name: string; filters: Filters }): Promise<SavedSearch> {
    try {
      const row = await this.repository.insertSaved(actor.id, staffAccountOf(actor), input.name, input.filters);
      return { id: row.id, name: row.name, filters: input.filters, createdOn: row.createdOn.toISOString() };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADVANCED_SEARCH_MESSAGES.nameTaken, { name: ADVANCED_SEARCH_MESSAGES.nameTaken });
      throw error;
    }
  }

  /** Another user's saved search answers as an unknown one (404). */
  async remove(actor: CurrentUser, id: string): Promise<void> {
    if (!(await this.repository.deleteSaved(actor.id, staffAccountOf(actor), id))) throw new AppError('NOT_FOUND', ADVANCED_SEARCH_MESSAGES.notFound);
  }
}

function toResultRow(entity: Filters['entity'], row: FoundRow): SearchResultRow {
  const type = row.programType ? applicationTypeOfProgram(row.programType) : undefined;
  const applicationId = entity === 'applications' ? row.id : row.applicationId;
  return {
    entity,
    id: row.id,
    reference: entity === 'payments' && row.invoiceNumber !== null ? `${formatInvoiceNumber(row.invoiceNumber, row.invoicePrefix)} (${row.reference ?? ''})` : (row.reference ?? ''),
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    programCode: row.programCode,
    programTitle: row.programTitle,
    status: entity === 'awards' && row.status ? (AWARD_STATUS_LABELS[row.status as AwardStatus] ?? row.status) : row.status,
    date: row.date,
    link: type && applicationId && row.programId ? `/admin/programs/${row.programId}/applications/${type}/${applicationId}` : null,
  };
}
