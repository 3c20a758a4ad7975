import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComplaintDetails } from '@certs/shared/complaint/complaint.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ComplaintStaffPanel } from './complaint-staff-panel';

const complaint: ComplaintDetails = {
  id: 'c1', reference: 'CMP-2026-00007', about: 'venue', aboutText: 'Acacia Ridge', details: 'The booth had no extraction.', program: null,
  complainantKind: 'public', complainantName: 'Pat Public', complainantEmail: 'pat@example.test', complainantCompany: null,
  subject: { userId: null, userName: null, venueId: null, venueTitle: null, certificateNumber: null }, status: 'investigating', handler: { id: 'h1', name: 'Hana Handler' },
  receivedOn: '2026-10-01T01:00:00.000Z', acknowledgedOn: '2026-10-02T01:00:00.000Z', acknowledgeBy: '2026-10-06', decideBy: '2026-11-15', ageDays: 50, overdue: true,
  decidedOn: null, decidedBy: null, outcome: null, outcomeReasons: null, changes: [],
  entries: [{ id: 'e1', kind: 'note', text: 'Visited the venue.', sharedWithPerson: true, actorName: 'Hana Handler', createdOn: '2026-10-03T01:00:00.000Z' }],
  handlerOptions: [{ id: 'h1', name: 'Hana Handler', refusal: null }], venueOptions: [], cannotDecideBecause: null,
};

describe('ComplaintStaffPanel (the case panel it shares with appeals)', () => {
  it('shows the handler, the overdue age, the record with what was shared, and adds a note', async () => {
    const { calls } = stubFetch(() => jsonResponse(complaint));
    renderWithProviders(<ComplaintStaffPanel complaint={complaint} filters={undefined} />);
    const panel = await screen.findByTestId('complaint-staff-panel');
    expect(within(panel).getByTestId('complaint-handler')).toHaveTextContent('Hana Handler');
    expect(within(panel).getByText('50 days')).toBeInTheDocument();
    expect(within(panel).getByText('Overdue')).toBeInTheDocument();
    const entries = within(panel).getByTestId('complaint-entries');
    expect(within(entries).getByText('Visited the venue.')).toBeInTheDocument();
    expect(within(entries).getByText('Shared with the complainant')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Record the outcome' })).toBeInTheDocument();
    expect(within(panel).getByText('None recorded.')).toBeInTheDocument();

    const record = within(panel).getByRole('form', { name: 'Add to the record' });
    await userEvent.click(within(record).getByRole('button', { name: 'Add note' }));
    expect(await within(record).findByText('Text is required')).toBeInTheDocument();
    await userEvent.type(within(record).getByRole('textbox', { name: /Note/ }), 'Spoke to the venue manager.');
    await userEvent.click(within(record).getByRole('checkbox', { name: 'Share with the complainant (it is mailed to them)' }));
    await userEvent.click(within(record).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Spoke to the venue manager.', sharedWithPerson: true }));
  });

  it('shows a decided complaint’s outcome and the actions taken', async () => {
    stubFetch(() => jsonResponse(complaint));
    const decided: ComplaintDetails = {
      ...complaint, status: 'decided', outcome: 'upheld', outcomeReasons: 'The booth was unsafe.', decidedOn: '2026-11-01T01:00:00.000Z', decidedBy: 'Hana Handler', overdue: false,
      changes: [{ description: 'Booth closed until repaired.', certificateNumber: null, awardId: null, historyId: null, historyAction: null, historyOn: null }],
    };
    renderWithProviders(<ComplaintStaffPanel complaint={decided} filters={undefined} />);
    expect(await screen.findByTestId('complaint-outcome')).toHaveTextContent(/Upheld, decided .* by Hana Handler/);
    expect(screen.getByTestId('complaint-changes')).toHaveTextContent('Booth closed until repaired.');
    expect(screen.queryByRole('button', { name: 'Record the outcome' })).not.toBeInTheDocument();
  });
});
