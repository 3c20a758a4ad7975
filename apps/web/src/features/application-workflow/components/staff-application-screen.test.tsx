import { describe, expect, it } from 'vitest';
import { reviewAuthorText } from './staff-application-screen';

describe('the assessor review line (issue 45 item 8)', () => {
  it('names the assessor alone when they wrote it, and who submitted it for them otherwise', () => {
    expect(reviewAuthorText({ assessorName: 'Casey Contributor', savedByName: 'Casey Contributor' })).toBe('Casey Contributor');
    expect(reviewAuthorText({ assessorName: 'Casey Contributor', savedByName: 'Sam Super' })).toBe('Sam Super for Casey Contributor');
  });
});
