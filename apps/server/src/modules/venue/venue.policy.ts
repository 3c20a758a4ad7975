import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Venues and test centres are kept under Utilities; staff with Programs also read them to schedule exams (decision 006). */
export function canReadVenues(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Utilities') || hasMenuAccess(actor, 'Programs');
}

export function canWriteVenues(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Utilities');
}
