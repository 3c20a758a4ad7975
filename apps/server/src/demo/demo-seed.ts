import { count, eq, sql } from 'drizzle-orm';
import type { AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES, type Role } from '@certs/shared/auth/roles';
import { hashPassword } from '../platform/auth/password';
import type { Database } from '../db/client';
import { seedDemoAwards } from './demo-awards';
import { seedDemoBackOffice, type DemoFileWriter, type DemoInvoicing } from './demo-back-office';
import { seedDemoImpartiality } from './demo-impartiality';
import { seedDemoAicipRenewer } from './demo-aicip-renewals';
import { seedDemoRenewer } from './demo-renewals';
import { seedDemoRevalidatingWelder } from './demo-wpq-revalidation';
import { seedDemoPrograms } from './demo-programs';
import { seedDemoQuestions } from './demo-questions';
import { seedDemoExamQuality } from './demo-exam-quality';
import { seedDemoCutScore } from './demo-cut-score';
import { seedDemoNewZealand } from './demo-nz';
import { seedDefaultCertificateTemplate } from '../modules/certificate/certificate.repository';
import { applicants, users } from '../db/schema/user';

export const DEMO_PASSWORD = 'Demo1234!';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  menuItems: readonly AdminMenuItem[];
}

/** One account of each role (issue 2), all with the demo password; listed in the README. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'super@demo.local', firstName: 'Sam', lastName: 'Super', role: ROLES.SuperUser, menuItems: ADMIN_MENU_ITEMS },
  {
    email: 'accountadmin@demo.local',
    firstName: 'Alex',
    lastName: 'Administrator',
    role: ROLES.AccountAdministrator,
    menuItems: ADMIN_MENU_ITEMS.filter((item) => item !== 'Utilities'),
  },
  {
    email: 'contributor@demo.local',
    firstName: 'Casey',
    lastName: 'Contributor',
    role: ROLES.AccountContributor,
    menuItems: ['Dashboard', 'Programs', 'Examinations'],
  },
  { email: 'user@demo.local', firstName: 'Uma', lastName: 'User', role: ROLES.User, menuItems: ['Dashboard', 'Reports'] },
  { email: 'applicant@demo.local', firstName: 'Ari', lastName: 'Applicant', role: ROLES.Applicant, menuItems: [] },
];

// Several instances may start at once on one server: the seed runs under a transaction lock.
const SEED_LOCK_KEY = 7_406_222;

/**
 * Seeds the demo accounts and programs into an empty database; a database with any user is left
 * alone. `invoicing`: the issuer and GST of the demo's invoices (the server's settings; its defaults when not given);
 * `writeFile`: stores the demo library documents' files in the server's storage (without it they have none).
 */
export async function seedDemoData(db: Database, options: { invoicing?: DemoInvoicing; writeFile?: DemoFileWriter } = {}): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    const ids = new Map<string, string>();
    for (const demo of DEMO_USERS) {
      const isApplicant = demo.role === ROLES.Applicant;
      const [row] = await tx
        .insert(users)
        .values({
          email: demo.email,
          firstName: demo.firstName,
          lastName: demo.lastName,
          role: demo.role,
          userType: isApplicant ? 'applicant' : 'admin',
          menuItems: [...demo.menuItems],
          passwordHash,
          accountId: isApplicant ? null : FIRST_ACCOUNT_ID,
        })
        .returning({ id: users.id });
      if (row && isApplicant) await tx.insert(applicants).values({ userId: row.id, createdBy: row.id, modifiedBy: row.id });
      if (row) await tx.update(users).set({ createdBy: row.id, modifiedBy: row.id }).where(eq(users.id, row.id));
      if (row) ids.set(demo.email, row.id);
    }
    const idOf = (email: string) => ids.get(email) ?? '';
    await seedDemoPrograms(tx, {
      superUserId: idOf('super@demo.local'),
      accountAdminId: idOf('accountadmin@demo.local'),
      contributorId: idOf('contributor@demo.local'),
      userId: idOf('user@demo.local'),
    });
    await seedDemoQuestions(tx, { superUserId: idOf('super@demo.local'), contributorId: idOf('contributor@demo.local') });
    await seedDemoCutScore(tx, { staffId: idOf('accountadmin@demo.local') });
    await seedDefaultCertificateTemplate(tx, idOf('super@demo.local'));
    await seedDemoAwards(tx, { passwordHash, staffId: idOf('accountadmin@demo.local') });
    await seedDemoRenewer(tx, { passwordHash, staffId: idOf('accountadmin@demo.local') });
    await seedDemoAicipRenewer(tx, { passwordHash, staffId: idOf('accountadmin@demo.local') });
    await seedDemoRevalidatingWelder(tx, { passwordHash, staffId: idOf('accountadmin@demo.local') });
    await seedDemoBackOffice(tx, { passwordHash, staffId: idOf('accountadmin@demo.local'), invoicing: options.invoicing, writeFile: options.writeFile });
    await seedDemoImpartiality(tx);
    await seedDemoNewZealand(tx, { passwordHash, writeFile: options.writeFile });
    await seedDemoExamQuality(tx, { passwordHash, examinerId: idOf('accountadmin@demo.local') });
    return true;
  });
}
