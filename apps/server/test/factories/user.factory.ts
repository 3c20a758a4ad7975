import { randomBytes } from 'node:crypto';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { ROLES, userTypeOfRole, type Role } from '@certs/shared/auth/roles';
import type { Database } from '../../src/db/client';
import { companies } from '../../src/db/schema/company';
import { companyUsers } from '../../src/db/schema/company-user';
import { applicants, users } from '../../src/db/schema/user';
import { hashPassword } from '../../src/platform/auth/password';

export const FACTORY_PASSWORD = 'Factory-pass-123';
let cachedHash: Promise<string> | undefined;

export interface UserOverrides {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  active?: boolean;
  menuItems?: AdminMenuItem[];
  password?: string;
  /** Staff only: the account they work in (default: the first account). */
  accountId?: string;
  /** Company users only (roles CompanyCoordinator, CompanyViewer): their company (default: a new one). */
  companyId?: string;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  applicantId: string | null;
  /** A company user's company; null for everyone else. */
  companyId: string | null;
}

/** Inserts a user of any role (an applicant also gets its applicant record). */
export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const role = overrides.role ?? ROLES.AccountContributor;
  const password = overrides.password ?? FACTORY_PASSWORD;
  const passwordHash = overrides.password ? await hashPassword(password) : await (cachedHash ??= hashPassword(FACTORY_PASSWORD));
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const isApplicant = role === ROLES.Applicant;
  const userType = userTypeOfRole(role);
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Person',
      role,
      userType,
      active: overrides.active ?? true,
      menuItems: overrides.menuItems ?? [],
      passwordHash,
      accountId: userType === 'admin' ? (overrides.accountId ?? FIRST_ACCOUNT_ID) : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  let applicantId: string | null = null;
  if (isApplicant) {
    const [applicant] = await db.insert(applicants).values({ userId: row.id }).returning({ id: applicants.id });
    applicantId = applicant?.id ?? null;
  }
  let companyId: string | null = null;
  if (userType === 'employer') {
    companyId = overrides.companyId ?? (await db.insert(companies).values({ name: `Company of ${email}`, contactEmail: email }).returning({ id: companies.id }))[0]!.id;
    await db.insert(companyUsers).values({ userId: row.id, companyId });
  }
  return { id: row.id, email, password, applicantId, companyId };
}
