import { and, asc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { AccountTimeZones } from '../account/account-time-zone';
import { applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { awardReminders } from '../../db/schema/award-reminder';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';

export type ExpiryAwardRow = typeof awards.$inferSelect;

/** What the holder's mail names: who, which program and certificate. */
export interface HolderMailFacts {
  email: string;
  userId: string;
  firstName: string | null;
  programId: string;
  programCode: string;
  programTitle: string;
  certificateNumber: string;
  expiresOn: string | null;
}

/**
 * A newer award of the same application (a renewal's), in the award module's order of "latest"
 * (created on, then id): the older one is superseded.
 */
const hasNewerAward = sql`exists (select 1 from awards newer_award where newer_award.application_id = ${awards.applicationId} and (newer_award.created_on, newer_award.id) > (${awards.createdOn}, ${awards.id}))`;

/** Awards of one account's programs: each account's awards expire on its own day (issue 40). */
const ofAccount = (accountId: string) => sql`${awards.programId} in (select id from ${programs} where ${programs.accountId} = ${accountId})`;

/** The expiry job's reads and writes (issue 17): current awards past their day, and the reminder ledger. */
export class AwardExpiryRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** Every account and its zone: the pass runs for each on its own day. */
  accounts(): Promise<{ accountId: string; timeZone: string }[]> {
    return new AccountTimeZones(this.db).accounts();
  }

  /**
   * Current awards whose last valid day is before `today`, and which the job may expire: the
   * application's latest award while the application is Awarded (not Applied for Renewal: a renewal
   * applied before expiry keeps the award current until decided), or an award a newer one
   * superseded. Read without locks, a page at a time after `after` (expiry day, id): each is locked
   * and checked again in its own transaction.
   */
  async findExpiryCandidates(accountId: string, today: string, limit: number, after?: { expiresOn: string; id: string }): Promise<{ id: string; applicationId: string; expiresOn: string }[]> {
    const rows = await this.db
      .select({ id: awards.id, applicationId: awards.applicationId, expiresOn: awards.expiresOn })
      .from(awards)
      .innerJoin(applications, eq(applications.id, awards.applicationId))
      .where(
        and(
          eq(awards.status, 'current'),
          ofAccount(accountId),
          lt(awards.expiresOn, today),
          or(eq(applications.status, 'Awarded'), hasNewerAward),
          after ? sql`(${awards.expiresOn}, ${awards.id}) > (${after.expiresOn}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(awards.expiresOn), asc(awards.id))
      .limit(limit);
    return rows.flatMap((row) => (row.expiresOn ? [{ ...row, expiresOn: row.expiresOn }] : []));
  }

  /**
   * Current awards expiring from `today` to `horizon` (both included) that may get a reminder, with
   * the reminders already sent for that expiry day: the application's latest award, the application Awarded (a holder
   * who applied to renew needs none).
   */
  async findReminderCandidates(accountId: string, today: string, horizon: string): Promise<{ id: string; expiresOn: string; sentKinds: string[] }[]> {
    const rows = await this.db
      .select({
        id: awards.id,
        expiresOn: awards.expiresOn,
        sentKinds: sql<string[]>`coalesce((select array_agg(${awardReminders.kind}) from ${awardReminders} where ${awardReminders.awardId} = ${awards.id} and ${awardReminders.expiresOn} = ${awards.expiresOn}), '{}'::text[])`,
      })
      .from(awards)
      .innerJoin(applications, eq(applications.id, awards.applicationId))
      .where(and(eq(awards.status, 'current'), ofAccount(accountId), gte(awards.expiresOn, today), lte(awards.expiresOn, horizon), eq(applications.status, 'Awarded'), sql`not ${hasNewerAward}`))
      .orderBy(asc(awards.expiresOn), asc(awards.id));
    return rows.flatMap((row) => (row.expiresOn ? [{ id: row.id, expiresOn: row.expiresOn, sentKinds: row.sentKinds }] : []));
  }

  /** The award row, locked for the rest of the transaction (after its application's, as the award actions lock). */
  async lockAward(tx: Executor, id: string): Promise<ExpiryAwardRow | undefined> {
    const [row] = await tx.select().from(awards).where(eq(awards.id, id)).for('update');
    return row;
  }

  /** Whether a newer award of the same application exists (compared in SQL: created_on has microseconds, a JS Date does not). */
  async hasNewerAward(tx: Executor, awardId: string): Promise<boolean> {
    const [row] = await tx.select({ superseded: sql<boolean>`${hasNewerAward}` }).from(awards).where(eq(awards.id, awardId));
    return row?.superseded === true;
  }

  /** Expired: a status the certificate shows, so its version moves on and the PDF is made again. */
  async markExpired(tx: Executor, award: Pick<ExpiryAwardRow, 'id' | 'certificateVersion'>): Promise<void> {
    await tx
      .update(awards)
      .set({ status: 'expired', statusReason: null, certificateVersion: award.certificateVersion + 1, modifiedBy: null, modifiedOn: new Date() })
      .where(eq(awards.id, award.id));
    await tx.insert(awardHistory).values({ awardId: award.id, action: 'expire', fromStatus: 'current', toStatus: 'expired', reason: null, createdBy: null, modifiedBy: null });
  }

  /**
   * Records a reminder for the award's expiry day unless it was recorded before, and only while the
   * award is current with that expiry day; true when this call recorded it (the caller then sends
   * the mail in the same transaction). A second instance inserting the same row waits for the
   * first one's commit and then finds the conflict.
   */
  async recordReminder(tx: Executor, reminder: { awardId: string; expiresOn: string; kind: string; today: string }): Promise<boolean> {
    const inserted = await tx
      .insert(awardReminders)
      .select(
        tx
          // insert ... select wants every column, in the table's order.
          .select({
            awardId: awards.id,
            expiresOn: sql<string>`${awards.expiresOn}`.as('expires_on'),
            kind: sql<string>`${reminder.kind}::text`.as('kind'),
            sentOn: sql<string>`${reminder.today}::date`.as('sent_on'),
            createdOn: sql<Date>`now()`.as('created_on'),
            modifiedOn: sql<Date>`now()`.as('modified_on'),
            createdBy: sql<string | null>`null::uuid`.as('created_by'),
            modifiedBy: sql<string | null>`null::uuid`.as('modified_by'),
          })
          .from(awards)
          .where(and(eq(awards.id, reminder.awardId), eq(awards.status, 'current'), eq(awards.expiresOn, reminder.expiresOn))),
      )
      .onConflictDoNothing()
      .returning({ awardId: awardReminders.awardId });
    return inserted.length > 0;
  }

  async findReminders(awardId: string): Promise<{ expiresOn: string; kind: string; sentOn: string }[]> {
    return this.db
      .select({ expiresOn: awardReminders.expiresOn, kind: awardReminders.kind, sentOn: awardReminders.sentOn })
      .from(awardReminders)
      .where(eq(awardReminders.awardId, awardId))
      .orderBy(asc(awardReminders.createdOn));
  }

  async findHolderMailFacts(tx: Executor, awardId: string): Promise<HolderMailFacts | undefined> {
    const [row] = await tx
      .select({
        email: users.email,
        userId: users.id,
        firstName: users.firstName,
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        certificateNumber: awards.certificateNumber,
        expiresOn: awards.expiresOn,
      })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .where(eq(awards.id, awardId));
    return row;
  }
}
