import { describe, expect, it } from 'vitest';
import { isLoginBlocked, isRestrictionSkippedOnHost, parseWindowTime, type LoginRestrictionConfig } from './login-restriction';

const config: LoginRestrictionConfig = {
  applyFrom: '2026-11-21T00:00:00Z',
  applyTo: '2026-11-22T00:00:00Z',
  allowedApplicants: ['ok@example.test'],
  allowedAdmins: ['*'],
  userMessageOnLogin: 'Closed',
};
const inside = new Date('2026-11-21T12:00:00Z');
const outside = new Date('2026-11-23T12:00:00Z');

describe('isLoginBlocked', () => {
  it('blocks applicants off the list inside the window', () => {
    expect(isLoginBlocked(config, 'other@example.test', 'applicant', inside)).toBe(true);
    expect(isLoginBlocked(config, ' OK@example.test ', 'applicant', inside)).toBe(false);
  });

  it('lets everyone in where the list is a star', () => {
    expect(isLoginBlocked(config, 'anyone@example.test', 'admin', inside)).toBe(false);
  });

  it('blocks no one outside the window, with no configuration, or with an unreadable window', () => {
    expect(isLoginBlocked(config, 'other@example.test', 'applicant', outside)).toBe(false);
    expect(isLoginBlocked(null, 'other@example.test', 'applicant', inside)).toBe(false);
    expect(isLoginBlocked({ ...config, applyFrom: 'soon' }, 'other@example.test', 'applicant', inside)).toBe(false);
  });

  it('blocks admins off their own list', () => {
    expect(isLoginBlocked({ ...config, allowedAdmins: [] }, 'boss@example.test', 'admin', inside)).toBe(true);
  });
});

describe('parseWindowTime', () => {
  it('reads a time without an offset as Sydney time and one with an offset as written', () => {
    expect(new Date(parseWindowTime('2026-01-15T10:00:00')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(parseWindowTime('2026-07-15 10:00')).toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(new Date(parseWindowTime('2026-01-15T10:00:00+08:00')).toISOString()).toBe('2026-01-15T02:00:00.000Z');
    expect(new Date(parseWindowTime('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(parseWindowTime('whenever')).toBeNaN();
  });
});

describe('isRestrictionSkippedOnHost', () => {
  it('skips localhost and the test host only', () => {
    expect(isRestrictionSkippedOnHost('localhost')).toBe(true);
    expect(isRestrictionSkippedOnHost('localhost:3000')).toBe(true);
    expect(isRestrictionSkippedOnHost('127.0.0.1')).toBe(true);
    expect(isRestrictionSkippedOnHost('qa.example.org', 'QA.example.org')).toBe(true);
    expect(isRestrictionSkippedOnHost('portal.example.org', 'qa.example.org')).toBe(false);
  });
});
