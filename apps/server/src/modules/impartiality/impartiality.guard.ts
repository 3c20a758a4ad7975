import {
  ASSIGNMENT_CHECK_MESSAGES,
  CONFLICT_KIND_WORDS,
  refusalMessage,
  type ImpartialityRefusal,
  type ImpartialityRefusalDetails,
  type ImpartialityRole,
} from '@certs/shared/impartiality/assignment-check.contract';
import { PROGRAM_USER_ROLES, PROGRAM_USER_ROLE_LABELS } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { dayIn } from '../account/account-time-zone';
import type { ProgramStanding } from '../application/application-workflow.policy';
import { canOverrideImpartiality } from './impartiality.guard.policy';
import { ImpartialityGuardRepository, type ImpartialityEventValues, type Involvement } from './impartiality.guard.repository';

/** One person for one role on one applicant: what the check judges. */
export interface AssignmentCheck {
  programId: string;
  /** The application concerned (recorded with the event; needed for the decision maker's and the appeal handler's involvement). */
  applicationId?: string | null;
  /** The applicant as a user (`users.id`): conflicts are declared against the person. */
  applicantUserId: string;
  staffUserId: string;
  role: ImpartialityRole;
}

/** The override a request carries: the manager's reason (the actor is the caller). */
export interface OverrideRequest {
  reason: string;
}

/**
 * What an allowed assignment still has to do in its own transaction: write the overrides it rests
 * on, so that the record and the assignment stand or fall together.
 */
export interface Clearance {
  /** True when a manager's override let the assignment through. */
  readonly isOverride: boolean;
  record(tx: Executor): Promise<void>;
}

const CLEAR: Clearance = { isOverride: false, record: async () => {} };

/** The program role whose authorisation a role needs; markers mark as the program's examiners. */
const AUTHORISED_ROLE: Partial<Record<ImpartialityRole, keyof typeof PROGRAM_USER_ROLES>> = {
  assessor: 'assessor',
  examiner: 'examiner',
  invigilator: 'invigilator',
  marker: 'examiner',
};

function involvementReasons(involvement: Involvement, role: ImpartialityRole): string[] {
  const reasons: string[] = [];
  if (involvement.wasAssessor) reasons.push(ASSIGNMENT_CHECK_MESSAGES.wasAssessor);
  for (const module of involvement.examined) reasons.push(ASSIGNMENT_CHECK_MESSAGES.examinedModule(module));
  if (involvement.examinedWpqTest) reasons.push(ASSIGNMENT_CHECK_MESSAGES.examinedTest);
  // The decision keeps apart from assessment and examination (ISO/IEC 17024 9.5); an appeal's handler from every part in it (9.8).
  if (role === 'appeal_handler') {
    for (const module of involvement.invigilated) reasons.push(ASSIGNMENT_CHECK_MESSAGES.invigilatedModule(module));
    if (involvement.decidedResult) reasons.push(ASSIGNMENT_CHECK_MESSAGES.decidedResult);
  }
  return reasons;
}

/**
 * The impartiality check of issue 43 (decision on appeals and impartiality): before anyone is made
 * assessor, examiner, invigilator, marker, decision maker or handler of an applicant's case, the
 * platform looks for a declared conflict still in force against the applicant or the applicant's
 * current employer, a shared employer, a missing or lapsed authorisation for the role, and (for
 * the certification decision where the program separates it, and for an appeal's handler) a part
 * already taken in the application. A refusal is recorded on its own, outside the refused
 * request's transaction; a manager's override is recorded inside the assignment's.
 */
export class ImpartialityGuard {
  constructor(
    private readonly repository: ImpartialityGuardRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The reasons, in words a person reads, why `check.staffUserId` may not take `check.role` on this
   * applicant; empty when nothing stands in the way. Reads through `executor` (a transaction's, or
   * the database).
   */
  async refusalsOf(executor: Executor | null, check: AssignmentCheck): Promise<string[]> {
    const db = executor ?? this.repository.database;
    const program = await this.repository.findProgram(check.programId, db);
    if (!program) return [];
    const reasons: string[] = [];
    if (check.staffUserId === check.applicantUserId) reasons.push(ASSIGNMENT_CHECK_MESSAGES.isTheApplicant);

    const employer = await this.repository.findApplicantEmployer(check.applicantUserId, db);
    const conflicts = await this.repository.findLiveConflicts(db, { accountId: program.accountId, staffUserId: check.staffUserId, applicantUserId: check.applicantUserId, companyId: employer?.companyId ?? null });
    for (const conflict of conflicts) {
      const kind = conflict.kind === 'other' && conflict.details.trim() ? `${CONFLICT_KIND_WORDS.other}: ${conflict.details.trim().slice(0, 200)}` : CONFLICT_KIND_WORDS[conflict.kind];
      if (conflict.applicantUserId === check.applicantUserId) reasons.push(ASSIGNMENT_CHECK_MESSAGES.conflictWithApplicant(kind));
      else if (employer && conflict.companyId === employer.companyId) reasons.push(ASSIGNMENT_CHECK_MESSAGES.conflictWithEmployer(employer.companyName, kind));
    }
    if (employer && (await this.repository.findStaffEmployerId(db, program.accountId, check.staffUserId)) === employer.companyId) {
      reasons.push(ASSIGNMENT_CHECK_MESSAGES.sameEmployer(employer.companyName));
    }

    const programRole = AUTHORISED_ROLE[check.role];
    if (programRole) {
      const label = PROGRAM_USER_ROLE_LABELS[PROGRAM_USER_ROLES[programRole]];
      const authorisation = await this.repository.findAuthorisation(db, check.programId, check.staffUserId, PROGRAM_USER_ROLES[programRole]);
      if (!authorisation) reasons.push(ASSIGNMENT_CHECK_MESSAGES.authorisationMissing(label));
      // Authorised until that day, inclusive, in the body's own days.
      else if (authorisation.authorisedUntil && authorisation.authorisedUntil < dayIn(program.timeZone, this.now())) {
        reasons.push(ASSIGNMENT_CHECK_MESSAGES.authorisationLapsed(label, authorisation.authorisedUntil));
      }
    }

    if (check.applicationId && ((check.role === 'decision_maker' && program.decisionSeparation) || check.role === 'appeal_handler')) {
      reasons.push(...involvementReasons(await this.repository.findInvolvement(db, check.applicationId, check.staffUserId), check.role));
    }
    return reasons;
  }

  /**
   * Judges the assignments a request makes, before the transaction that makes them. Nothing in the
   * way: a clearance with nothing to record. Refused without an override: each refusal is written
   * now (its own statement, so the 409 that follows rolls nothing of it back) and a 409 names who
   * and why, with `details.impartiality` for the screen. An override by the program's manager or
   * an account administrator: a clearance whose `record(tx)` writes the overrides with the
   * assignment. An override by anyone else: the refusal is written and the answer is 403.
   */
  async assertAssignable(actor: CurrentUser, standing: ProgramStanding, checks: readonly AssignmentCheck[], override?: OverrideRequest | null): Promise<Clearance> {
    const unique = [...new Map(checks.map((check) => [`${check.staffUserId}|${check.role}|${check.applicationId ?? ''}`, check])).values()];
    const judged = await Promise.all(unique.map(async (check) => ({ check, reasons: await this.refusalsOf(null, check) })));
    const refused = judged.filter((entry) => entry.reasons.length > 0);
    if (refused.length === 0) return CLEAR;

    const accountId = (await this.repository.findProgram(refused[0]!.check.programId))?.accountId;
    const canOverride = canOverrideImpartiality(actor, standing);
    const events = (outcome: 'refused' | 'overridden'): ImpartialityEventValues[] =>
      refused.map(({ check, reasons }) => ({
        ...(accountId ? { accountId } : {}),
        programId: check.programId,
        applicationId: check.applicationId ?? null,
        staffUserId: check.staffUserId,
        role: check.role,
        outcome,
        reasons,
        overrideReason: outcome === 'overridden' ? (override?.reason ?? null) : null,
        actorId: actor.id,
        createdBy: actor.id,
        modifiedBy: actor.id,
      }));

    if (override && canOverride) {
      const rows = events('overridden');
      return { isOverride: true, record: (tx) => this.repository.insertEvents(tx, rows) };
    }
    await this.repository.insertEvents(this.repository.database, events('refused'));
    if (override) throw new AppError('FORBIDDEN', ASSIGNMENT_CHECK_MESSAGES.overrideNotAllowed);
    const names = await this.repository.findNames(refused.map(({ check }) => check.staffUserId));
    const refusals: ImpartialityRefusal[] = refused.map(({ check, reasons }) => ({ staffUserId: check.staffUserId, staffName: names.get(check.staffUserId) ?? 'This person', role: check.role, reasons }));
    const separation = refused.some(({ check }) => check.role === 'decision_maker');
    const impartiality: ImpartialityRefusalDetails = { refusals, canOverride };
    throw new AppError('CONFLICT', refusalMessage(refusals, { separation }), undefined, { impartiality });
  }

  /**
   * The certification decision on an application (recording its overall result, an award): the
   * decider is judged as `decision_maker`; where the program separates the decision, having
   * assessed or examined the candidate refuses it.
   */
  async assertMayDecide(actor: CurrentUser, standing: ProgramStanding, decision: { programId: string; applicationId: string; applicantUserId?: string }, override?: OverrideRequest | null): Promise<Clearance> {
    const applicantUserId = decision.applicantUserId ?? (await this.repository.findApplicantUserId(decision.applicationId));
    if (!applicantUserId) return CLEAR;
    return this.assertAssignable(actor, standing, [{ programId: decision.programId, applicationId: decision.applicationId, applicantUserId, staffUserId: actor.id, role: 'decision_maker' }], override);
  }

  /** The applicant (as a user) of an application, for callers that hold only the application's id. */
  async applicantUserOf(applicationId: string): Promise<string | undefined> {
    return this.repository.findApplicantUserId(applicationId);
  }
}

/** The guard on the plain database: each module that assigns or decides makes its own (it keeps no state). */
export function createImpartialityGuard(db: Database, now?: () => Date): ImpartialityGuard {
  return new ImpartialityGuard(new ImpartialityGuardRepository(db), now);
}
