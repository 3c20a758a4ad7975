import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdvancedSearchFilters, SearchEntity } from '@certs/shared/advanced-search/advanced-search.contract';
import type { Database } from '../../db/client';
import { savedSearches } from '../../db/schema/report';
import { inScope, rowsOf, withinDays, type ProgramScope } from '../report/staff-scope';

type Filters = Omit<AdvancedSearchFilters, 'entity'>;

export interface FoundRow {
  id: string;
  reference: string | null;
  firstName: string;
  lastName: string;
  email: string;
  programId: string | null;
  programCode: string | null;
  programTitle: string | null;
  programType: number | null;
  status: string | null;
  date: string | null;
  invoiceNumber: number | null;
  /** The issuing account's prefix as the invoice was issued; null for other entities and invoices from before accounts. */
  invoicePrefix: string | null;
  totalRows: number;
  /** Awards and payments open on their application's page. */
  applicationId?: string;
}

const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const and_ = (parts: SQL[]) => sql.join(parts, sql` and `);

/** The applicant's own fields every entity can be filtered by. */
function applicantConditions(filters: Filters): SQL[] {
  const parts: SQL[] = [];
  if (filters.membership) parts.push(sql`a.membership_type = ${filters.membership}`);
  if (filters.companyId) parts.push(sql`a.employer_company_id = ${filters.companyId}::uuid`);
  return parts;
}

function nameOrEmail(term: string | undefined, extra: SQL[] = []): SQL[] {
  if (!term) return [];
  const like = likeOf(term);
  return [sql`(u.email ilike ${like} or u.first_name ilike ${like} or u.last_name ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like}${sql.join(
    extra.map((column) => sql` or ${column} ilike ${like}`),
    sql``,
  )})`];
}

/**
 * The advanced search's four queries. Each applies the filters its entity has, and the caller's
 * program scope; an applicant is in a scoped caller's reach through an application in their programs.
 */
export class AdvancedSearchRepository {
  constructor(private readonly db: Database) {}

  async search(entity: SearchEntity, filters: Filters, scope: ProgramScope, page: number, pageSize: number): Promise<FoundRow[]> {
    const paging = sql`order by 1 desc limit ${pageSize} offset ${(page - 1) * pageSize}`;
    const common = applicantConditions(filters);
    const program = (column: string) => [
      ...(filters.programId ? [sql`${sql.raw(column)}.program_id = ${filters.programId}::uuid`] : []),
      ...(filters.programType ? [sql`${sql.raw(column)}.program_type = ${filters.programType}`] : []),
      inScope(sql.raw(`${column}.program_id`), scope),
    ];
    let query: SQL;
    switch (entity) {
      case 'applications':
        query = sql`
          select ap.submitted_on as sort, ap.id, ap.application_number as reference, u.first_name as "firstName", u.last_name as "lastName", u.email,
                 p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle", ap.program_type::int as "programType",
                 ap.status, to_char(ap.submitted_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date, null::int as "invoiceNumber", null::text as "invoicePrefix", count(*) over ()::int as "totalRows"
          from applications ap join programs p on p.id = ap.program_id join applicants a on a.id = ap.applicant_id join users u on u.id = a.user_id
          where ${and_([
            sql`ap.submitted_on is not null`,
            ...program('ap'),
            ...common,
            ...(filters.status ? [sql`ap.status = ${filters.status}`] : []),
            ...(filters.stage ? [sql`ap.workflow_stage = ${filters.stage}`] : []),
            withinDays(sql`ap.submitted_on`, filters.from, filters.to, scope.timeZone),
            ...nameOrEmail(filters.searchTerm, [sql`ap.application_number`]),
          ])}`;
        break;
      case 'applicants': {
        // Program, type, status and stage ask for an application of the applicant's that has them.
        const application = and_([
          sql`ap.applicant_id = a.id and ap.submitted_on is not null`,
          ...program('ap'),
          ...(filters.status ? [sql`ap.status = ${filters.status}`] : []),
          ...(filters.stage ? [sql`ap.workflow_stage = ${filters.stage}`] : []),
        ]);
        query = sql`
          select u.created_on as sort, a.id, a.member_number as reference, u.first_name as "firstName", u.last_name as "lastName", u.email,
                 null::uuid as "programId", null as "programCode", null as "programTitle", null::int as "programType",
                 case when u.active then 'Active' else 'Inactive' end as status, to_char(u.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date, null::int as "invoiceNumber", null::text as "invoicePrefix", count(*) over ()::int as "totalRows"
          from applicants a join users u on u.id = a.user_id
          where ${and_([
            // Applicants belong to the platform: an account reaches one through an application to its programs.
            sql`exists (select 1 from applications ap where ${application})`,
            ...common,
            withinDays(sql`u.created_on`, filters.from, filters.to, scope.timeZone),
            ...nameOrEmail(filters.searchTerm, [sql`a.member_number`]),
          ])}`;
        break;
      }
      case 'awards':
        query = sql`
          select w.awarded_on as sort, w.id, w.certificate_number as reference, u.first_name as "firstName", u.last_name as "lastName", u.email,
                 p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle", w.program_type::int as "programType",
                 w.status, w.awarded_on::text as date, null::int as "invoiceNumber", null::text as "invoicePrefix", count(*) over ()::int as "totalRows", w.application_id as "applicationId"
          from awards w join programs p on p.id = w.program_id join applicants a on a.id = w.applicant_id join users u on u.id = a.user_id
          where ${and_([
            ...program('w'),
            ...common,
            ...(filters.status ? [sql`w.status = ${filters.status}`] : []),
            ...(filters.from ? [sql`w.awarded_on >= ${filters.from}::date`] : []),
            ...(filters.to ? [sql`w.awarded_on <= ${filters.to}::date`] : []),
            ...nameOrEmail(filters.searchTerm, [sql`w.certificate_number`]),
          ])}`;
        break;
      case 'payments':
        query = sql`
          select coalesce(pay.paid_on, pay.created_on) as sort, pay.id, ap.application_number as reference, u.first_name as "firstName", u.last_name as "lastName", u.email,
                 p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle", ap.program_type::int as "programType",
                 pay.status, to_char(coalesce(pay.paid_on, pay.created_on) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date, i.invoice_number as "invoiceNumber", i.issuer->>'invoicePrefix' as "invoicePrefix", count(*) over ()::int as "totalRows", ap.id as "applicationId"
          from payments pay join invoices i on i.id = pay.invoice_id join applications ap on ap.id = pay.application_id join programs p on p.id = ap.program_id
          join applicants a on a.id = ap.applicant_id join users u on u.id = a.user_id
          where ${and_([
            ...program('ap'),
            ...common,
            ...(filters.status ? [sql`pay.status = ${filters.status}`] : []),
            withinDays(sql`coalesce(pay.paid_on, pay.created_on)`, filters.from, filters.to, scope.timeZone),
            ...nameOrEmail(filters.searchTerm, [sql`ap.application_number`, sql`pay.offline_reference`]),
          ])}`;
        break;
    }
    return rowsOf<FoundRow>(await this.db.execute(sql`${query} ${paging}`));
  }

  /** A user's saved searches in one account (a super user's searches stay with the account they were saved in). */
  async listSaved(userId: string, accountId: string) {
    return this.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.accountId, accountId)))
      .orderBy(asc(savedSearches.name));
  }

  async insertSaved(userId: string, accountId: string, name: string, filters: Record<string, unknown>) {
    const [row] = await this.db.insert(savedSearches).values({ userId, accountId, name, filters, createdBy: userId, modifiedBy: userId }).returning();
    return row!;
  }

  async deleteSaved(userId: string, accountId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), eq(savedSearches.accountId, accountId)))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  }
}
