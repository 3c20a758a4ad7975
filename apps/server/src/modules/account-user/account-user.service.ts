import {
  ACCOUNT_USER_MESSAGES,
  type AccessMenuResponse,
  type AccountUser,
  type AccountUserPage,
  type CreateAccountUserRequest,
  type UpdateAccountUserRequest,
} from '@certs/shared/account-user/account-user.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { Role } from '@certs/shared/auth/roles';
import { DEFAULT_TIME_ZONE, isOfferedTimeZone } from '@certs/shared/common/dates';
import { searchTermOrUndefined, type PagingQuery } from '@certs/shared/common/paging';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import { hashPassword } from '../../platform/auth/password';
import { canManageRole, canManageUsers, canReadAccessMenu } from './account-user.policy';
import type { AccountUserRepository, AccountUserRow } from './account-user.repository';

function toAccountUser(row: AccountUserRow): AccountUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    active: row.active,
    timeZone: isOfferedTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
    menuItems: row.menuItems,
    createdOn: row.createdOn.toISOString(),
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', ACCOUNT_USER_MESSAGES.emailTaken, { email: ACCOUNT_USER_MESSAGES.emailTaken });
}

export class AccountUserService {
  constructor(
    private readonly repository: AccountUserRepository,
    private readonly sessionUsers: SessionUserChanges,
  ) {}

  async findUsers(actor: CurrentUser, query: PagingQuery): Promise<AccountUserPage> {
    this.assertManager(actor);
    const { rows, totalRows } = await this.repository.findPage({
      accountId: staffAccountOf(actor),
      search: searchTermOrUndefined(query.search),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { rows: rows.map(toAccountUser), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findUser(actor: CurrentUser, id: string): Promise<AccountUser> {
    this.assertManager(actor);
    return toAccountUser(await this.existing(actor, id));
  }

  async createUser(actor: CurrentUser, input: CreateAccountUserRequest): Promise<AccountUser> {
    this.assertManager(actor);
    this.assertRole(actor, input.role);
    await this.assertEmailFree(input.email);
    const row = await this.repository.insert({
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      userType: 'admin',
      active: input.active,
      menuItems: input.menuItems,
      passwordHash: await hashPassword(input.password),
      accountId: staffAccountOf(actor),
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    if (!row) throw emailTaken();
    return toAccountUser(row);
  }

  async updateUser(actor: CurrentUser, id: string, input: UpdateAccountUserRequest): Promise<AccountUser> {
    this.assertManager(actor);
    const current = await this.existing(actor, id);
    this.assertRole(actor, current.role as Role);
    this.assertRole(actor, input.role);
    if (id === actor.id && !input.active) {
      throw new AppError('BAD_REQUEST', ACCOUNT_USER_MESSAGES.cannotDeactivateSelf, { active: ACCOUNT_USER_MESSAGES.cannotDeactivateSelf });
    }
    await this.assertEmailFree(input.email, id);
    // A new password or a deactivation ends every session the user has, on every instance.
    const endSessions = !!input.password || (current.active && !input.active);
    const row = await this.repository.update(
      id,
      {
        email: input.email.trim(),
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        active: input.active,
        menuItems: input.menuItems,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        modifiedBy: actor.id,
        modifiedOn: new Date(),
      },
      endSessions,
    );
    if (row === 'email-taken') throw emailTaken();
    if (!row) throw new AppError('NOT_FOUND', ACCOUNT_USER_MESSAGES.notFound);
    this.sessionUsers.forget(id);
    return toAccountUser(row);
  }

  async findAccessMenu(actor: CurrentUser, userId: string): Promise<AccessMenuResponse> {
    if (!canReadAccessMenu(actor, userId)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const row = await this.existing(actor, userId);
    return { userId: row.id, menuItems: row.menuItems };
  }

  private async existing(actor: CurrentUser, id: string): Promise<AccountUserRow> {
    const row = await this.repository.findAdminById(id, staffAccountOf(actor));
    if (!row) throw new AppError('NOT_FOUND', ACCOUNT_USER_MESSAGES.notFound);
    return row;
  }

  private assertManager(actor: CurrentUser): void {
    if (!canManageUsers(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  private assertRole(actor: CurrentUser, role: Role): void {
    if (!canManageRole(actor, role)) throw new AppError('FORBIDDEN', ACCOUNT_USER_MESSAGES.cannotManageSuperUser);
  }

  private async assertEmailFree(email: string, exceptId?: string): Promise<void> {
    if (await this.repository.isEmailTaken(email.trim(), exceptId)) throw emailTaken();
  }
}
