import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { programUsers } from '../../db/schema/program';
import { users } from '../../db/schema/user';

export interface ProgramUserRoleRow {
  programId: string;
  userId: string;
  role: number;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
}

export class ProgramUserRepository {
  constructor(private readonly db: Database) {}

  /** One row per role held, with the user's name; the service groups them per user. */
  async findRoleRows(programId: string, role?: number): Promise<ProgramUserRoleRow[]> {
    const where = role === undefined ? eq(programUsers.programId, programId) : and(eq(programUsers.programId, programId), eq(programUsers.role, role));
    return this.db
      .select({
        programId: programUsers.programId,
        userId: programUsers.userId,
        role: programUsers.role,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        active: users.active,
      })
      .from(programUsers)
      .innerJoin(users, eq(users.id, programUsers.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(programUsers.role));
  }

  /**
   * Replaces the roles a user holds in a program, in one transaction. A role kept keeps its row, so
   * its authorisation's expiry and basis (issue 43) survive a save of the user's roles.
   */
  async replaceRoles(programId: string, userId: string, roles: number[], actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(programUsers).where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId), notInArray(programUsers.role, roles)));
      await tx
        .insert(programUsers)
        .values(roles.map((role) => ({ programId, userId, role, createdBy: actorId, modifiedBy: actorId })))
        .onConflictDoNothing({ target: [programUsers.programId, programUsers.userId, programUsers.role] });
    });
  }

  async removeUser(programId: string, userId: string): Promise<number> {
    const removed = await this.db
      .delete(programUsers)
      .where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId)))
      .returning({ id: programUsers.id });
    return removed.length;
  }
}
