import { describe, expect, it } from 'vitest';
import { PROGRAM_TYPES, PROGRAM_TYPE_INFO } from '../program/program-type';
import { visibleMenuItems, ADMIN_MENU_ITEMS } from './admin-menu';
import { loginPathFor, ROLES, ROLE_HOME_PATHS, userTypeOfRole } from './roles';

describe('roles and constants', () => {
  it('numbers the roles as the spec does', () => {
    expect(ROLES).toEqual({ SuperUser: 1, AccountAdministrator: 2, AccountContributor: 3, User: 4, Applicant: 5, CompanyCoordinator: 6, CompanyViewer: 7 });
    expect(userTypeOfRole(ROLES.Applicant)).toBe('applicant');
    expect(userTypeOfRole(ROLES.User)).toBe('admin');
    // A company's own users (issue 42) are neither applicants nor staff.
    expect(userTypeOfRole(ROLES.CompanyCoordinator)).toBe('employer');
    expect(userTypeOfRole(ROLES.CompanyViewer)).toBe('employer');
    expect(ROLE_HOME_PATHS[ROLES.Applicant]).toBe('/student/applicantHome');
    expect(ROLE_HOME_PATHS[ROLES.CompanyViewer]).toBe('/employer');
  });

  it('numbers the program types as the spec does', () => {
    expect(PROGRAM_TYPES).toEqual({ Qualification: 1, Certification: 2, WelderQualification: 3, AICIP: 4 });
    expect(Object.values(PROGRAM_TYPE_INFO).map((t) => t.short)).toEqual(['Q', 'C', 'WQ', 'AICIP']);
  });

  it('sends logout to the login of the area the path is in', () => {
    expect(loginPathFor('/admin/users')).toBe('/admin/login');
    expect(loginPathFor('/student/applicantHome')).toBe('/student/login');
    expect(loginPathFor('/register')).toBe('/student/login');
    expect(loginPathFor('/employer/people')).toBe('/employer/login');
  });

  it('shows the super user every menu item and others only their saved ones, in menu order', () => {
    expect(visibleMenuItems(true, [])).toEqual([...ADMIN_MENU_ITEMS]);
    expect(visibleMenuItems(false, ['Examinations', 'Dashboard', 'Nonsense'])).toEqual(['Dashboard', 'Examinations']);
  });
});
