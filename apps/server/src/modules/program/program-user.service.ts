import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { AssignableUser, ProgramUser, SaveProgramUserRequest } from '@certs/shared/program/program-user.contract';
import { PROGRAM_USER_MESSAGES } from '@certs/shared/program/program-user.contract';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { PROGRAM_USER_ROLES, type ProgramUserRoleName } from '@certs/shared/program/program-user-role';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { fullName } from './program.mapper';
import { canSeeStaffDirectory, isProgramAdministrator } from './program.policy';
import type { ProgramRepository } from './program.repository';
import type { ProgramService } from './program.service';
import type { ProgramUserRepository, ProgramUserRoleRow } from './program-user.repository';

/** Rows of (user, role) become one entry per user with all their roles (spec section 3). */
export function groupByUser(rows: ProgramUserRoleRow[]): ProgramUser[] {
  const byUser = new Map<string, ProgramUser>();
  for (const row of rows) {
    const entry = byUser.get(row.userId) ?? {
      programId: row.programId,
      userId: row.userId,
      name: fullName(row),
      email: row.email,
      active: row.active,
      roles: [],
    };
    entry.roles.push(row.role);
    byUser.set(row.userId, entry);
  }
  return [...byUser.values()].map((user) => ({ ...user, roles: [...user.roles].sort() }));
}

export class ProgramUserService {
  constructor(
    private readonly programs: ProgramService,
    private readonly programRepository: ProgramRepository,
    private readonly repository: ProgramUserRepository,
  ) {}

  async listUsers(actor: CurrentUser, programId: string, roleName?: ProgramUserRoleName): Promise<ProgramUser[]> {
    await this.programs.assertCanView(actor, programId);
    const rows = await this.repository.findRoleRows(programId, roleName ? PROGRAM_USER_ROLES[roleName] : undefined);
    return groupByUser(rows);
  }

  async saveUser(actor: CurrentUser, input: SaveProgramUserRequest): Promise<ProgramUser> {
    await this.programs.assertCanEdit(actor, input.programId);
    if (!(await this.programRepository.isActiveAdmin(input.userId, staffAccountOf(actor)))) {
      throw new AppError('BAD_REQUEST', PROGRAM_USER_MESSAGES.userMustBeAdmin, { userId: PROGRAM_USER_MESSAGES.userMustBeAdmin });
    }
    await this.repository.replaceRoles(input.programId, input.userId, [...new Set(input.roles)], actor.id);
    const saved = groupByUser(await this.repository.findRoleRows(input.programId)).find((user) => user.userId === input.userId);
    if (!saved) throw new AppError('NOT_FOUND', PROGRAM_USER_MESSAGES.notFound);
    return saved;
  }

  async removeUser(actor: CurrentUser, programId: string, userId: string): Promise<void> {
    const program = await this.programs.assertCanEdit(actor, programId);
    const users = groupByUser(await this.repository.findRoleRows(programId));
    if (!users.some((user) => user.userId === userId)) throw new AppError('NOT_FOUND', PROGRAM_USER_MESSAGES.notFound);
    // A published program keeps at least one program user.
    if (program.status === PROGRAM_STATUS.Published && users.length <= 1) throw new AppError('CONFLICT', PROGRAM_USER_MESSAGES.programUserRequired);
    await this.repository.removeUser(programId, userId);
  }

  /** The staff directory: for administrators and managers of a program only (program.policy.ts). */
  async assignableUsers(actor: CurrentUser): Promise<AssignableUser[]> {
    const managesAProgram = actor.userType === 'admin' && !isProgramAdministrator(actor) && (await this.programRepository.managesAnyProgram(actor.id));
    if (!canSeeStaffDirectory(actor, managesAProgram)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const rows = await this.programRepository.findAssignableUsers(staffAccountOf(actor));
    return rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email, role: row.role }));
  }
}
