import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { migrationImports } from '../../db/schema/migration';
import { migrationInvitations } from '../../db/schema/migration-invitation';
import { userTokens } from '../../db/schema/user';
import { NO_PASSWORD_YET } from '../../platform/no-password-yet';
import { rowsOf } from '../report/staff-scope';

/** Where one person an import created stands: `waiting` (never invited), `invited` (link live), `expired`, `activated`. */
export type InvitationGroup = 'waiting' | 'invited' | 'expired' | 'activated';

export interface InvitablePerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface InvitationStanding {
  people: number;
  waiting: number;
  invited: number;
  expired: number;
  activated: number;
  lastInvitedOn: Date | null;
}

/**
 * Each person the import created (their first row orders them as the file did) with their group:
 * activated once they have a password or an activation, else by their latest invitation's link.
 */
function peopleOf(importId: string) {
  return sql`
    select p.user_id as "userId", p.first_row as "firstRow", u.email, u.first_name as "firstName", u.last_name as "lastName", i.last_invited as "lastInvited",
      case when u.activated_on is not null or u.password_hash <> ${NO_PASSWORD_YET} then 'activated'
           when i.last_expires is null then 'waiting'
           when i.last_expires > now() then 'invited'
           else 'expired' end as "group"
    from (select r.user_id, min(r.row_number) as first_row from migration_import_rows r
          where r.import_id = ${importId}::uuid and r.created_user and r.user_id is not null group by r.user_id) p
    join users u on u.id = p.user_id
    left join lateral (select max(mi.expires_on) as last_expires, max(mi.created_on) as last_invited
                       from migration_invitations mi where mi.user_id = p.user_id) i on true`;
}

/** The invitations of legacy imports: who an import created, who was invited, and the writes of a batch. */
export class MigrationInvitationRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findImport(id: string, executor: Executor = this.db) {
    const [row] = await executor
      .select({ id: migrationImports.id, accountId: migrationImports.accountId, dryRun: migrationImports.dryRun, status: migrationImports.status })
      .from(migrationImports)
      .where(eq(migrationImports.id, id));
    return row;
  }

  /** Holds the import for the batch's transaction, so two batches sent at once never mail the same people. */
  async lockImport(tx: Executor, id: string): Promise<void> {
    await tx.execute(sql`select id from migration_imports where id = ${id}::uuid for update`);
  }

  async findAccount(accountId: string): Promise<{ name: string; senderName: string } | undefined> {
    const [row] = await this.db.select({ name: accounts.name, senderName: accounts.mailSenderName }).from(accounts).where(eq(accounts.id, accountId));
    return row;
  }

  async standing(importId: string): Promise<InvitationStanding> {
    const [row] = rowsOf<{ people: number; waiting: number; invited: number; expired: number; activated: number; lastInvitedOn: Date | string | null }>(
      await this.db.execute(sql`
        select count(*)::int as people,
          count(*) filter (where s."group" = 'waiting')::int as waiting,
          count(*) filter (where s."group" = 'invited')::int as invited,
          count(*) filter (where s."group" = 'expired')::int as expired,
          count(*) filter (where s."group" = 'activated')::int as activated,
          max(s."lastInvited") as "lastInvitedOn"
        from (${peopleOf(importId)}) s`),
    );
    const lastInvitedOn = row?.lastInvitedOn ? new Date(row.lastInvitedOn) : null;
    return { people: row?.people ?? 0, waiting: row?.waiting ?? 0, invited: row?.invited ?? 0, expired: row?.expired ?? 0, activated: row?.activated ?? 0, lastInvitedOn };
  }

  /** The first `limit` people of a group, in the file's order. */
  async nextPeople(importId: string, group: 'waiting' | 'expired', limit: number, executor: Executor = this.db): Promise<InvitablePerson[]> {
    return rowsOf<InvitablePerson>(
      await executor.execute(sql`
        select s."userId", s.email, s."firstName", s."lastName" from (${peopleOf(importId)}) s
        where s."group" = ${group} order by s."firstRow" limit ${limit}`),
    );
  }

  /** The links (the reset kind: choosing a password through one also activates the account). */
  async insertLinks(tx: Executor, links: { userId: string; tokenHash: string; expiresOn: Date }[], actorId: string): Promise<void> {
    if (links.length > 0) await tx.insert(userTokens).values(links.map((link) => ({ ...link, purpose: 'reset' as const, createdBy: actorId, modifiedBy: actorId })));
  }

  async insertInvitations(tx: Executor, rows: { importId: string; userId: string; mailId: string; expiresOn: Date }[], actorId: string): Promise<void> {
    if (rows.length > 0) await tx.insert(migrationInvitations).values(rows.map((row) => ({ ...row, createdBy: actorId, modifiedBy: actorId })));
  }
}
