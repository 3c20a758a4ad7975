import { z } from 'zod';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';
import { AUTH_MESSAGES } from './auth-messages';
import { USER_TYPES } from './roles';

export { AUTH_MESSAGES } from './auth-messages';

export const LoginRequest = z.strictObject({
  identifier: z.string().trim().min(1, AUTH_MESSAGES.identifierRequired).max(254),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in user as the client keeps it (spec section 3, User state). */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.number().int(),
  applicantId: z.string().nullable(),
  timeZone: z.enum(OFFERED_TIME_ZONE_NAMES),
  menuItems: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({ jwt: z.string(), user: SessionUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshTokenResponse = z.object({ newToken: z.string() });
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;

export const UpdatePreferencesRequest = z.strictObject({ timeZone: z.enum(OFFERED_TIME_ZONE_NAMES) });
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequest>;

/**
 * The login pages ask whether one sign-in would be refused, rather than reading the allow lists,
 * which are nobody's business but the server's.
 */
export const LoginRestrictionCheckRequest = z.strictObject({
  identifier: z.string().trim().min(1, AUTH_MESSAGES.identifierRequired).max(254),
  userType: z.enum(USER_TYPES),
});
export type LoginRestrictionCheckRequest = z.infer<typeof LoginRestrictionCheckRequest>;
export const LoginRestrictionCheckResponse = z.object({ isBlocked: z.boolean(), message: z.string().nullable() });
export type LoginRestrictionCheckResponse = z.infer<typeof LoginRestrictionCheckResponse>;
