import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES, type Appeal, type AppealOptions, type AppealPage } from '@certs/shared/appeal/appeal.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicantAppealsSection } from './applicant-appeals-section';

const APPLICATION_ID = '6c1f0a52-5a3e-4d7e-9d8c-2b1a0f9e8d7c';
const options: AppealOptions = {
  applicationId: APPLICATION_ID,
  decisions: [{ subject: 'result', label: 'A failed result', decidedOn: '2026-11-20T01:00:00.000Z', windowClosesOn: '2026-12-20', cannotAppealBecause: null, awardId: null }],
};
const empty: AppealPage = { rows: [], page: 1, pageSize: 50, totalRows: 0 };
const lodged = {
  id: 'a1', reference: 'APL-2026-00012', subject: 'result', programId: 'p1', programCode: 'C-SUP', programTitle: 'Welding Supervisor', applicationId: APPLICATION_ID, applicationNumber: 'C-2026-000004',
  appellantName: 'Ada Arcwright', status: 'received', outcome: null, handlerName: null, receivedOn: '2026-11-21T01:00:00.000Z', decideBy: '2026-12-21', decidedOn: null, ageDays: 0, overdue: false,
  grounds: 'My referees were not contacted.', files: [], awardId: null, certificateNumber: null, reviewId: 'r1', applicationTypePath: 'certificationapplication', acknowledgedOn: '2026-11-21T01:00:00.000Z',
  acknowledgeBy: '2026-11-26', outcomeReasons: null, decidedBy: null, handlerId: null, changes: [], entries: [], staff: null,
} satisfies Appeal;

function stub(decisions: AppealOptions) {
  return stubFetch((call) => {
    if (call.url.includes('/api/appeals/options')) return jsonResponse(decisions);
    if (call.url.includes('/api/appeals/mine')) return jsonResponse(empty);
    if (call.method === 'POST') return jsonResponse(lodged);
    return jsonResponse({}, 404);
  });
}

describe('ApplicantAppealsSection', () => {
  it('offers "Appeal this decision" until the window closes, refuses blank grounds on the form, and sends the appeal', async () => {
    const { calls } = stub(options);
    renderWithProviders(<ApplicantAppealsSection applicationId={APPLICATION_ID} />);
    expect(await screen.findByText('You may appeal it until 20-Dec-2026.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Appeal this decision' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the appeal' }));
    expect(await screen.findByText(APPEAL_MESSAGES.groundsRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Grounds/ }), 'My referees were not contacted.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the appeal' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ applicationId: APPLICATION_ID, subject: 'result', grounds: 'My referees were not contacted.', attachmentIds: [] });
    expect(await screen.findByText(/Your reference is APL-2026-00012/)).toBeInTheDocument();
  });

  it('says why a decision cannot be appealed, with no button', async () => {
    stub({ ...options, decisions: [{ ...options.decisions[0]!, cannotAppealBecause: 'The appeal window closed on 20-Dec-2026' }] });
    renderWithProviders(<ApplicantAppealsSection applicationId={APPLICATION_ID} />);
    expect(await screen.findByText('The appeal window closed on 20-Dec-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal this decision' })).not.toBeInTheDocument();
  });

  it('shows nothing when there is nothing to appeal and no appeal', async () => {
    const { calls } = stub({ applicationId: APPLICATION_ID, decisions: [] });
    renderWithProviders(<ApplicantAppealsSection applicationId={APPLICATION_ID} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Appeals' })).not.toBeInTheDocument();
  });
});
