import { LoginRestrictionCheckResponse } from '@certs/shared/auth/auth.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';

/**
 * Asks the server whether the login restriction refuses this sign-in; its message when it does.
 * A failed check allows login (spec section 6); the server enforces the rule on sign-in anyway.
 */
export async function checkLoginRestriction(identifier: string, userType: UserType): Promise<string | null> {
  try {
    const result = await apiRequest('/unauth/loginrestriction/check', {
      method: 'POST',
      body: { identifier, userType },
      schema: LoginRestrictionCheckResponse,
    });
    return result.isBlocked ? result.message : null;
  } catch {
    return null;
  }
}
