import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Tests are built on the Examinations screen; applicants never read a test's definition. */
export function canManageTests(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Examinations');
}
