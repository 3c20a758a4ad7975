import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Staff with the Libraries menu add, edit, revise and retire documents and see every one. */
export function canManageLibraryDocuments(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Libraries');
}
