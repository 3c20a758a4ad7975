import { eq } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import type { Database } from '../db/client';
import { applicants, users } from '../db/schema/user';

export interface DemoApplicant {
  email: string;
  firstName: string;
  lastName: string;
  memberNumber: string;
}

/** A demo applicant's account and applicant record, made by themselves (as a registration would be); inside the seed's transaction. */
export async function insertDemoApplicant(tx: Database, person: DemoApplicant, passwordHash: string): Promise<{ userId: string; applicantId: string }> {
  const [user] = await tx
    .insert(users)
    .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, role: ROLES.Applicant, userType: 'applicant', menuItems: [], passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error(`demo applicant ${person.email} not inserted`);
  await tx.update(users).set({ createdBy: user.id, modifiedBy: user.id }).where(eq(users.id, user.id));
  const [applicant] = await tx
    .insert(applicants)
    .values({ userId: user.id, primaryEmail: person.email, memberNumber: person.memberNumber, createdBy: user.id, modifiedBy: user.id })
    .returning({ id: applicants.id });
  if (!applicant) throw new Error(`demo applicant ${person.email} not inserted`);
  return { userId: user.id, applicantId: applicant.id };
}
