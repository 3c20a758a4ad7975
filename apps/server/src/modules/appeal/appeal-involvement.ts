import { sql } from 'drizzle-orm';
import { INVOLVEMENT_ROLES, type InvolvementRole } from '@certs/shared/appeal/appeal.contract';
import type { Executor } from '../../db/executor';

/** One person's part in an application. */
export interface Involvement {
  userId: string;
  role: InvolvementRole;
}

/** The statuses a staff member's move decides: an assessment, a result, an award's hold, cancellation or withdrawal. */
const DECISION_STATUSES = ['Assessment Completed', 'Failed', 'Awarded', 'Awarded OnHold', 'Award Cancelled', 'Award Withdrawn'];

/**
 * Who took part in an application (issue 43, ISO/IEC 17024 9.8.3: an appeal is handled and decided
 * by people not involved in what is appealed), each with the role a refusal names:
 * - assessor: the application's assessor and every earlier round's (`application_assessor_reviews`);
 * - examiner: the examiner of any of its modules, re-sits and renewal modules, whoever entered
 *   their results, and the welder qualification's examiner;
 * - invigilator: the invigilator of any of those;
 * - decision maker: staff whose move decided it (the assessment, the result, an award's hold,
 *   cancellation or withdrawal, in the application's history), whoever acted on its award (the
 *   award's history), decided its renewal or recorded the welder qualification's outcome.
 * One query, read through the caller's executor (a transaction's, or the database).
 */
export class AppealInvolvement {
  constructor(private readonly db: Executor) {}

  async peopleOf(applicationId: string, db: Executor = this.db): Promise<Involvement[]> {
    const decisions = sql.join(
      DECISION_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select 'assessor' as role, a.assessor_id as "userId" from applications a where a.id = ${applicationId} and a.assessor_id is not null
      union select 'assessor', r.assessor_id from application_assessor_reviews r where r.application_id = ${applicationId}
      union select 'examiner', m.examiner_id from application_modules m where m.application_id = ${applicationId} and m.examiner_id is not null
      union select 'examiner', m.result_entered_by from application_modules m where m.application_id = ${applicationId} and m.result_entered_by is not null
      union select 'invigilator', m.invigilator_id from application_modules m where m.application_id = ${applicationId} and m.invigilator_id is not null
      union select 'examiner', s.examiner_id from resit_modules s where s.application_id = ${applicationId} and s.examiner_id is not null
      union select 'examiner', s.result_entered_by from resit_modules s where s.application_id = ${applicationId} and s.result_entered_by is not null
      union select 'invigilator', s.invigilator_id from resit_modules s where s.application_id = ${applicationId} and s.invigilator_id is not null
      union select 'examiner', rm.examiner_id from renewal_modules rm join renewal_applications ra on ra.id = rm.renewal_id where ra.application_id = ${applicationId} and rm.examiner_id is not null
      union select 'examiner', rm.result_entered_by from renewal_modules rm join renewal_applications ra on ra.id = rm.renewal_id where ra.application_id = ${applicationId} and rm.result_entered_by is not null
      union select 'invigilator', rm.invigilator_id from renewal_modules rm join renewal_applications ra on ra.id = rm.renewal_id where ra.application_id = ${applicationId} and rm.invigilator_id is not null
      union select 'examiner', w.examiner_id from wpq_records w where w.application_id = ${applicationId} and w.examiner_id is not null
      union select 'decision maker', w.result_submitted_by from wpq_records w where w.application_id = ${applicationId} and w.result_submitted_by is not null
      union select 'decision maker', h.created_by from application_history h join users u on u.id = h.created_by
        where h.application_id = ${applicationId} and u.user_type = 'admin' and h.to_status in (${decisions}) and h.from_status is distinct from h.to_status
      union select 'decision maker', ah.created_by from award_history ah join awards aw on aw.id = ah.award_id join users u on u.id = ah.created_by
        where aw.application_id = ${applicationId} and u.user_type = 'admin'
      union select 'decision maker', ra.decided_by from renewal_applications ra where ra.application_id = ${applicationId} and ra.decided_by is not null`);
    const rows = (result as unknown as { rows: Involvement[] }).rows;
    return rows.filter((row) => !!row.userId).sort((a, b) => INVOLVEMENT_ROLES.indexOf(a.role) - INVOLVEMENT_ROLES.indexOf(b.role));
  }

  /** The first role (assessor, examiner, invigilator, decision maker) in which `userId` took part, or null. */
  async roleOf(applicationId: string, userId: string, db: Executor = this.db): Promise<InvolvementRole | null> {
    return (await this.peopleOf(applicationId, db)).find((person) => person.userId === userId)?.role ?? null;
  }
}
