import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';

export const superUser: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'super@demo.local',
  firstName: 'Sam',
  lastName: 'Super',
  userType: 'admin',
  role: 1,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [...ADMIN_MENU_ITEMS],
};

export const contributor: SessionUser = {
  ...superUser,
  id: '00000000-0000-4000-8000-000000000003',
  email: 'contributor@demo.local',
  firstName: 'Casey',
  lastName: 'Contributor',
  role: 3,
  menuItems: ['Dashboard', 'Programs', 'Examinations'],
};

export const applicant: SessionUser = {
  ...superUser,
  id: '00000000-0000-4000-8000-000000000005',
  email: 'applicant@demo.local',
  firstName: 'Ari',
  lastName: 'Applicant',
  userType: 'applicant',
  role: 5,
  applicantId: '00000000-0000-4000-8000-000000000055',
  menuItems: [],
};
