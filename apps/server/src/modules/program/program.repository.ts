import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProgramStatus } from '@certs/shared/program/program-status';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import {
  applicantInstructions,
  programCertificationSettings,
  programModules,
  programRequirements,
  programStatusHistory,
  programUsers,
  programWelderQualificationSettings,
  programs,
} from '../../db/schema/program';
import { users } from '../../db/schema/user';
import { findAccountCurrency } from '../account/account-currency';

export type ProgramRow = typeof programs.$inferSelect;
export interface ProgramWithManager {
  program: ProgramRow;
  manager: { id: string; firstName: string; lastName: string; email: string } | null;
}

export interface ProgramFilters {
  /** The caller's account (decision 033): a list never crosses it. */
  accountId: string;
  page: number;
  pageSize: number;
  codeLike?: string;
  titleOrCodeLike?: string;
  programTypes?: number[];
  statuses?: number[];
  publishedOnDay?: { from: Date; to: Date };
  /** Only the programs this user serves on (manager, named or by role, or any program role). */
  servedBy?: string;
}

/** What publishing a program needs, counted inside the publishing transaction. */
export interface ProgramPartCounts {
  instructions: number;
  requirements: number;
  programUsers: number;
  activeModules: number;
  activeRenewalModules: number;
  hasCertificationSettings: boolean;
  hasRenewalSettings: boolean;
  hasWelderQualificationSettings: boolean;
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const manager = alias(users, 'manager');

export class ProgramRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findPage(filters: ProgramFilters): Promise<{ rows: ProgramWithManager[]; totalRows: number }> {
    const conditions: SQL[] = [eq(programs.accountId, filters.accountId)];
    if (filters.codeLike) conditions.push(ilike(programs.programCode, likePattern(filters.codeLike)));
    if (filters.titleOrCodeLike) {
      const like = likePattern(filters.titleOrCodeLike);
      const matches = or(ilike(programs.programCode, like), ilike(programs.programTitle, like));
      if (matches) conditions.push(matches);
    }
    if (filters.programTypes?.length) conditions.push(inArray(programs.programType, filters.programTypes));
    if (filters.statuses?.length) conditions.push(inArray(programs.status, filters.statuses));
    if (filters.publishedOnDay) {
      conditions.push(sql`${programs.publishedOn} >= ${filters.publishedOnDay.from.toISOString()} and ${programs.publishedOn} < ${filters.publishedOnDay.to.toISOString()}`);
    }
    if (filters.servedBy) {
      const served = or(eq(programs.programManagerId, filters.servedBy), inArray(programs.id, this.db.select({ id: programUsers.programId }).from(programUsers).where(eq(programUsers.userId, filters.servedBy))));
      if (served) conditions.push(served);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.db.select({ n: count() }).from(programs).where(where);
    const rows = await this.db
      .select({ program: programs, manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email } })
      .from(programs)
      .leftJoin(manager, eq(manager.id, programs.programManagerId))
      .where(where)
      .orderBy(desc(programs.modifiedOn), asc(programs.programCode))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findById(id: string, db: Executor = this.db): Promise<ProgramWithManager | undefined> {
    const [row] = await db
      .select({ program: programs, manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email } })
      .from(programs)
      .leftJoin(manager, eq(manager.id, programs.programManagerId))
      .where(eq(programs.id, id));
    return row;
  }

  /** Locks the program row for the rest of the transaction, so status checks and changes cannot interleave. */
  async lockById(tx: Executor, id: string): Promise<ProgramRow | undefined> {
    const [row] = await tx.select().from(programs).where(eq(programs.id, id)).for('update');
    return row;
  }

  async findByCode(code: string): Promise<ProgramRow | undefined> {
    const [row] = await this.db.select().from(programs).where(eq(programs.programCode, code));
    return row;
  }

  async insert(values: typeof programs.$inferInsert): Promise<ProgramRow | undefined> {
    const [row] = await this.db.insert(programs).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: string, values: Partial<typeof programs.$inferInsert>, db: Executor = this.db): Promise<ProgramRow | undefined> {
    const [row] = await db.update(programs).set(values).where(eq(programs.id, id)).returning();
    return row;
  }

  async insertHistory(tx: Executor, values: typeof programStatusHistory.$inferInsert): Promise<void> {
    await tx.insert(programStatusHistory).values(values);
  }

  async findHistory(programId: string) {
    return this.db
      .select({
        fromStatus: programStatusHistory.fromStatus,
        toStatus: programStatusHistory.toStatus,
        changedOn: programStatusHistory.createdOn,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(programStatusHistory)
      .leftJoin(users, eq(users.id, programStatusHistory.createdBy))
      .where(eq(programStatusHistory.programId, programId))
      .orderBy(desc(programStatusHistory.createdOn));
  }

  async countParts(programId: string, db: Executor = this.db): Promise<ProgramPartCounts> {
    const countOf = (table: typeof applicantInstructions | typeof programRequirements | typeof programUsers) =>
      db.select({ n: count() }).from(table).where(eq(table.programId, programId));
    const [[instructions], [requirements], [users_], moduleRows, settingsRows, [wq]] = await Promise.all([
      countOf(applicantInstructions),
      countOf(programRequirements),
      countOf(programUsers),
      db
        .select({ isRenewal: programModules.isRenewal, n: count() })
        .from(programModules)
        .where(and(eq(programModules.programId, programId), eq(programModules.isInactive, false)))
        .groupBy(programModules.isRenewal),
      db.select({ kind: programCertificationSettings.kind }).from(programCertificationSettings).where(eq(programCertificationSettings.programId, programId)),
      db.select({ n: count() }).from(programWelderQualificationSettings).where(eq(programWelderQualificationSettings.programId, programId)),
    ]);
    return {
      instructions: instructions?.n ?? 0,
      requirements: requirements?.n ?? 0,
      programUsers: users_?.n ?? 0,
      activeModules: moduleRows.find((r) => !r.isRenewal)?.n ?? 0,
      activeRenewalModules: moduleRows.find((r) => r.isRenewal)?.n ?? 0,
      hasCertificationSettings: settingsRows.some((r) => r.kind === 'initial'),
      hasRenewalSettings: settingsRows.some((r) => r.kind === 'renewal'),
      hasWelderQualificationSettings: (wq?.n ?? 0) > 0,
    };
  }

  /** The program-level roles a user holds in a program. */
  async findRolesOf(programId: string, userId: string): Promise<number[]> {
    const rows = await this.db
      .select({ role: programUsers.role })
      .from(programUsers)
      .where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId)));
    return rows.map((r) => r.role);
  }

  /** Whether a user manages any program: named as its manager, or holding the manager role in it. */
  async managesAnyProgram(userId: string): Promise<boolean> {
    const [named] = await this.db.select({ id: programs.id }).from(programs).where(eq(programs.programManagerId, userId)).limit(1);
    if (named) return true;
    const [byRole] = await this.db
      .select({ id: programUsers.id })
      .from(programUsers)
      .where(and(eq(programUsers.userId, userId), eq(programUsers.role, PROGRAM_USER_ROLES.manager)))
      .limit(1);
    return !!byRole;
  }

  async findPublishedPage(options: { page: number; pageSize: number; search?: string; programType?: number; accountId?: string }) {
    const conditions: SQL[] = [eq(programs.status, 2 satisfies ProgramStatus)];
    if (options.accountId) conditions.push(eq(programs.accountId, options.accountId));
    if (options.search) {
      const like = likePattern(options.search);
      const matches = or(ilike(programs.programCode, like), ilike(programs.programTitle, like));
      if (matches) conditions.push(matches);
    }
    if (options.programType) conditions.push(eq(programs.programType, options.programType));
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(programs).where(where);
    const rows = await this.db
      .select()
      .from(programs)
      .where(where)
      .orderBy(asc(programs.programType), asc(programs.programCode))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** The currency of the program's body: the catalogue writes its fees in it. */
  findAccountCurrency(accountId: string) {
    return findAccountCurrency(this.db, accountId);
  }

  /** Active admin users of the account, who can manage or serve on its programs. */
  async findAssignableUsers(accountId: string) {
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.active, true), eq(users.accountId, accountId)))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  /** An active staff member of the account: only they may manage or serve on its programs. */
  async isActiveAdmin(userId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.userType, 'admin'), eq(users.active, true), eq(users.accountId, accountId)));
    return !!row;
  }
}
