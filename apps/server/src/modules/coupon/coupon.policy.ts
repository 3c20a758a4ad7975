import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Discount codes are kept by staff with the Discount Codes menu (the super user always has it). */
export function canManageCoupons(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Discount Codes');
}
