import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WpqRecord } from '@certs/shared/wpq/wpq-record.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WpqRecordPreview } from './wpq-record-preview';

// The preview reads the fields it lists, and the schedule, tests and outcome when there are any.
const record = {
  id: '72000000-0000-4000-8000-000000000009',
  dateOfBirth: '1990-04-02',
  wpsDate: '2026-10-05',
  testDate: '2026-11-20',
  placeOfTesting: 'Newcastle workshop',
  schedule: null,
  tests: [],
  examSubmission: null,
  welderQualificationApproved: null,
} as unknown as WpqRecord;

function valueOf(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition').textContent;
}

describe('WpqRecordPreview', () => {
  it('shows the record’s days as people read dates, not as YYYY-MM-DD (issue 45 item 9)', () => {
    renderWithProviders(<WpqRecordPreview record={record} />);
    expect(valueOf('Date of birth')).toBe('02-Apr-1990');
    expect(valueOf('WPS date')).toBe('05-Oct-2026');
    expect(valueOf('Test date')).toBe('20-Nov-2026');
    expect(valueOf('Place of testing')).toBe('Newcastle workshop');
    expect(valueOf('Employer')).toBe('-');
  });
});
