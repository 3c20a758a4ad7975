import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDateFormatter } from '../../../lib/dates';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ApplicantListRow } from '../api/find-applicants';
import { APPLICANT_CSV_COLUMNS, ApplicantsTable } from './applicants-table';

const member: ApplicantListRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Arc',
  membershipType: 'individual',
  memberNumber: 'M-77',
  membershipConfirmedOn: null,
  isMember: false,
  listedInRegister: true,
  active: true,
  createdOn: '2026-01-10T01:00:00.000Z',
};
const nonMember: ApplicantListRow = { ...member, id: '00000000-0000-4000-8000-0000000000a2', email: 'bo@example.test', firstName: 'Bo', membershipType: 'none', memberNumber: '' };

describe('ApplicantsTable: membership (issue 45 item 10)', () => {
  it('says a membership once: its type, number and confirmation in one column, "Not a member" once', () => {
    renderWithProviders(
      <ApplicantsTable rows={[member, nonMember]} page={1} pageSize={10} totalRows={2} isLoading={false} error={null} onReviewMembership={() => undefined} onPageChange={() => undefined} onPageSizeChange={() => undefined} />,
    );
    const table = screen.getByRole('table', { name: 'Applicants' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Email', 'Membership', 'Registered', 'Actions']);
    const ada = within(table).getByRole('row', { name: /Ada Arc/ });
    expect(ada).toHaveTextContent('Individual member');
    expect(ada).toHaveTextContent('No. M-77');
    expect(ada).toHaveTextContent('Awaiting confirmation');
    const bo = within(table).getByRole('row', { name: /Bo Arc/ });
    expect(within(bo).getAllByText('Not a member')).toHaveLength(1);
  });

  it('leaves a non-member’s Membership Status empty in the file rather than repeat Membership', () => {
    const dates = createDateFormatter('Australia/Sydney');
    const cell = (row: ApplicantListRow, header: string) => APPLICANT_CSV_COLUMNS.find((column) => column.header === header)!.value(row, dates);
    expect([cell(nonMember, 'Membership'), cell(nonMember, 'Membership Status')]).toEqual(['Not a member', '']);
    expect([cell(member, 'Membership'), cell(member, 'Membership Status')]).toEqual(['Individual member', 'Awaiting confirmation by staff']);
  });
});
