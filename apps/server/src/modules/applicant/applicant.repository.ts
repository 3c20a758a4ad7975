import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import {
  applicantEducation,
  applicantExperience,
  applicantProfessionalActivities,
  applicantProfessionalDevelopment,
} from '../../db/schema/applicant-profile';
import { applications } from '../../db/schema/application';
import { accountMemberships } from '../../db/schema/membership';
import { programs } from '../../db/schema/program';
import { applicants, mfaRecoveryCodes, userMfa, users } from '../../db/schema/user';
import { confirmApplicantMembership, membershipsOfApplicants, withdrawApplicantMemberships, type MembershipWithAccount } from '../../db/account-memberships';
import { appliedNowhere } from './applied-nowhere';

export type ApplicantRow = typeof applicants.$inferSelect;
export interface ApplicantWithUser {
  applicant: ApplicantRow;
  user: { id: string; email: string; firstName: string; lastName: string; active: boolean };
  /** The bodies' confirmed memberships read with it (every account's, or one account's). */
  memberships: MembershipWithAccount[];
}

const userColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active };

/**
 * The applicants an account's staff reach (issue 40): those with an application to its programs,
 * and those who have applied nowhere yet; an applicant who applied elsewhere only is another
 * account's.
 */
function ofAccount(db: Database, accountId: string): SQL {
  const ofTheAccount = db
    .select({ applicantId: applications.applicantId })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(eq(programs.accountId, accountId));
  return or(inArray(applicants.id, ofTheAccount), appliedNowhere(applicants.id))!;
}

export class ApplicantRepository {
  constructor(private readonly db: Database) {}

  /** The applicant with their memberships: of `membershipsOf` only when given, else of every account. */
  async findById(id: string, db: Executor = this.db, membershipsOf?: string): Promise<ApplicantWithUser | undefined> {
    const [row] = await db.select({ applicant: applicants, user: userColumns }).from(applicants).innerJoin(users, eq(users.id, applicants.userId)).where(eq(applicants.id, id));
    return row ? { ...row, memberships: await membershipsOfApplicants(db, [id], membershipsOf) } : undefined;
  }

  /** Whether the applicant has a submitted application in one of these programs (the applicant reach). */
  async hasApplicationIn(applicantId: string, programIds: string[]): Promise<boolean> {
    if (programIds.length === 0) return false;
    const [row] = await this.db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.applicantId, applicantId), isNotNull(applications.submittedOn), inArray(applications.programId, programIds)));
    return (row?.n ?? 0) > 0;
  }

  /**
   * Whether the applicant is the account's (the applicant reach of its administrators): they have
   * an application to its programs, or none anywhere yet.
   */
  async isApplicantOfAccount(applicantId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(and(eq(applicants.id, applicantId), ofAccount(this.db, accountId)));
    return !!row;
  }

  /** Overwrites the personal fields of the applicant and its user, ends the user's sessions, and deletes the profile lists. */
  async anonymise(tx: Executor, input: { applicantId: string; userId: string; email: string; byUserId: string }): Promise<void> {
    const now = new Date();
    await tx
      .update(users)
      .set({ email: input.email, firstName: 'Deleted', lastName: 'Applicant', active: false, menuItems: [], sessionVersion: sql`${users.sessionVersion} + 1`, modifiedOn: now, modifiedBy: input.byUserId })
      .where(eq(users.id, input.userId));
    await tx
      .update(applicants)
      .set({
        dateOfBirth: null,
        phone: '',
        primaryEmail: '',
        homeAddress: null,
        workAddress: null,
        membershipType: 'none',
        memberNumber: '',
        // No person is left to list: the register leaves an anonymised holder out.
        listedInRegister: false,
        modifiedOn: now,
        modifiedBy: input.byUserId,
      })
      .where(eq(applicants.id, input.applicantId));
    await withdrawApplicantMemberships(tx, input.applicantId);
    for (const table of [applicantEducation, applicantExperience, applicantProfessionalActivities, applicantProfessionalDevelopment]) {
      await tx.delete(table).where(eq(table.applicantId, input.applicantId));
    }
    // The two-step sign-in secret and recovery codes belong to nobody any more (decision 020).
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.userId));
    await tx.delete(userMfa).where(eq(userMfa.userId, input.userId));
  }

  /** Saves the profile; `withdrawMemberships`: the declared membership changed, so no body's confirmation of it stands. */
  async update(id: string, userId: string, names: { firstName: string; lastName: string }, values: Partial<typeof applicants.$inferInsert>, withdrawMemberships = false): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ ...names, modifiedOn: new Date(), modifiedBy: userId }).where(eq(users.id, userId));
      await tx.update(applicants).set({ ...values, modifiedOn: new Date(), modifiedBy: userId }).where(eq(applicants.id, id));
      if (withdrawMemberships) await withdrawApplicantMemberships(tx, id);
    });
  }

  /** One account's confirmation of the declared membership (`confirmedBy` null: withdrawn). */
  async setMembershipConfirmation(
    input: { accountId: string; applicantId: string; membershipType: 'individual' | 'corporate'; memberNumber: string },
    confirmedBy: string | null,
    currentUntil: string | null,
  ): Promise<void> {
    if (confirmedBy) await confirmApplicantMembership(this.db, { ...input, endsOn: currentUntil, confirmedBy });
    else await withdrawApplicantMemberships(this.db, input.applicantId, input.accountId);
  }

  /** Staff's applicant list: the account's applicants (applicants belong to the platform; see ofAccount). */
  async findPage(options: { accountId: string; page: number; pageSize: number; search?: string; onlyConfirmedMembers: boolean }) {
    const conditions: SQL[] = [ofAccount(this.db, options.accountId)];
    if (options.search) {
      const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches = or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(applicants.memberNumber, like));
      if (matches) conditions.push(matches);
    }
    if (options.onlyConfirmedMembers) {
      const confirmedHere = this.db.select({ applicantId: accountMemberships.applicantId }).from(accountMemberships).where(and(eq(accountMemberships.accountId, options.accountId), isNotNull(accountMemberships.applicantId)));
      conditions.push(inArray(applicants.id, confirmedHere));
    }
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(applicants).innerJoin(users, eq(users.id, applicants.userId)).where(where);
    const rows = await this.db
      .select({ applicant: applicants, user: userColumns })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(where)
      .orderBy(desc(applicants.createdOn), asc(users.lastName))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const memberships = await membershipsOfApplicants(this.db, rows.map((row) => row.applicant.id), options.accountId);
    return { rows: rows.map((row) => ({ ...row, memberships: memberships.filter((m) => m.applicantId === row.applicant.id) })), totalRows: total?.n ?? 0 };
  }
}

type ProfileTable = typeof applicantEducation | typeof applicantExperience | typeof applicantProfessionalActivities | typeof applicantProfessionalDevelopment;

/** Education, experience, professional activities and development are all lists of the applicant's: one piece of code keeps them. */
export class ProfileListRepository<T extends ProfileTable> {
  constructor(
    private readonly db: Database,
    private readonly table: T,
  ) {}

  private get t(): ProfileTable {
    return this.table;
  }

  async listOf(applicantId: string): Promise<T['$inferSelect'][]> {
    return (await this.db.select().from(this.t).where(eq(this.t.applicantId, applicantId)).orderBy(desc(this.t.startDate), asc(this.t.createdOn))) as T['$inferSelect'][];
  }

  async findById(id: string): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db.select().from(this.t).where(eq(this.t.id, id));
    return row as T['$inferSelect'] | undefined;
  }

  async insert(values: T['$inferInsert']): Promise<T['$inferSelect']> {
    const [row] = await this.db.insert(this.t).values(values).returning();
    return row as T['$inferSelect'];
  }

  async update(id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db.update(this.t).set(values).where(eq(this.t.id, id)).returning();
    return row as T['$inferSelect'] | undefined;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(this.t).where(eq(this.t.id, id));
  }
}
