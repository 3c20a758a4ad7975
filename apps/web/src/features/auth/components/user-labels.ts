import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';

export function roleLabelOf(role: number): string {
  return ROLE_LABELS[role as Role] ?? 'Unknown role';
}

export function fullNameOf(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
