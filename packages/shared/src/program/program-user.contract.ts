import { z } from 'zod';
import { PROGRAM_USER_ROLE_VALUES } from './program-user-role';

export const PROGRAM_USER_MESSAGES = {
  userRequired: 'Program User is required',
  roleRequired: 'Select at least one role',
  programUserRequired: 'Program User is required',
  userMustBeAdmin: 'Program users must be active admin users',
  notFound: 'Program User not found',
} as const;

const roleSchema = z.union(PROGRAM_USER_ROLE_VALUES.map((r) => z.literal(r)), { error: PROGRAM_USER_MESSAGES.roleRequired });

/** Sets the roles a user holds in a program (replacing what they held). */
export const SaveProgramUserRequest = z.strictObject({
  programId: z.uuid(),
  userId: z.uuid({ error: PROGRAM_USER_MESSAGES.userRequired }),
  roles: z.array(roleSchema).min(1, PROGRAM_USER_MESSAGES.roleRequired).max(4),
});
export type SaveProgramUserRequest = z.infer<typeof SaveProgramUserRequest>;

/** A program user with every role they hold, grouped per user (spec section 3). */
export const ProgramUser = z.object({
  programId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  roles: z.array(z.number().int()),
});
export type ProgramUser = z.infer<typeof ProgramUser>;
export const ProgramUserList = z.array(ProgramUser);

/** Admin users who can be chosen as program manager or program user. */
export const AssignableUser = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.number().int() });
export type AssignableUser = z.infer<typeof AssignableUser>;
export const AssignableUserList = z.array(AssignableUser);

/** What the signed-in user may do with one program (`userprivilege/program/{id}`). */
export const ProgramPrivilege = z.object({
  programId: z.string(),
  canView: z.boolean(),
  canEdit: z.boolean(),
  canChangeStatus: z.boolean(),
  isManager: z.boolean(),
  programRoles: z.array(z.number().int()),
});
export type ProgramPrivilege = z.infer<typeof ProgramPrivilege>;

/** What the signed-in user may do on one admin screen (`userprivilege/{screen}`). */
export const ScreenPrivilege = z.object({ screen: z.string(), canView: z.boolean(), canEdit: z.boolean(), canCreate: z.boolean() });
export type ScreenPrivilege = z.infer<typeof ScreenPrivilege>;

export const IsManagerResponse = z.object({ isManager: z.boolean() });
