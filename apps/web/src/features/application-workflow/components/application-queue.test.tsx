import { describe, expect, it } from 'vitest';
import { statusOptionsOf } from './application-queue';

describe('the application queue’s status filter (issue 45 item 10)', () => {
  it('across programs, names where the statuses of other types are found, without offering them', () => {
    const options = statusOptionsOf('qualificationapplication', true);
    expect(options).toContainEqual({ value: 'Applied for Renewal', label: 'Applied for Renewal: Certification and AICIP only', disabled: true });
    expect(options).toContainEqual({ value: 'Applied for Revalidation', label: 'Applied for Revalidation: Welder Qualification only', disabled: true });
    expect(options.filter((option) => !option.disabled).map((option) => option.value)).not.toContain('Applied for Renewal');
    expect(statusOptionsOf('certificationapplication', true)).toContainEqual({ value: 'Applied for Renewal', label: 'Applied for Renewal' });
  });

  it("one program's queue offers its type's statuses only", () => {
    expect(statusOptionsOf('qualificationapplication', false).some((option) => option.disabled)).toBe(false);
  });
});
