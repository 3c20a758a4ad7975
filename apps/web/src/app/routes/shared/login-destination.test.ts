import { describe, expect, it } from 'vitest';
import { loginDestination } from './login-destination';

describe('loginDestination', () => {
  it('goes to the role home page without a next path', () => {
    expect(loginDestination(null, 'admin', 1)).toBe('/admin/superUserHome');
    expect(loginDestination(null, 'admin', 2)).toBe('/admin/accountAdminHome');
    expect(loginDestination(null, 'admin', 3)).toBe('/admin/accountContributorHome');
    expect(loginDestination(null, 'admin', 4)).toBe('/admin/userHome');
    expect(loginDestination(null, 'applicant', 5)).toBe('/student/applicantHome');
  });

  it('returns to the page the user was sent from, with its query', () => {
    expect(loginDestination('/admin/users?page=2', 'admin', 2)).toBe('/admin/users?page=2');
  });

  it('ignores a next path of another site, the other area or the login itself', () => {
    expect(loginDestination('https://evil.example/admin', 'admin', 1)).toBe('/admin/superUserHome');
    expect(loginDestination('//evil.example/admin/users', 'admin', 1)).toBe('/admin/superUserHome');
    expect(loginDestination('/student/applicantHome', 'admin', 1)).toBe('/admin/superUserHome');
    expect(loginDestination('/admin/users', 'applicant', 5)).toBe('/student/applicantHome');
    expect(loginDestination('/admin/login?next=/admin/users', 'admin', 1)).toBe('/admin/superUserHome');
  });
});
