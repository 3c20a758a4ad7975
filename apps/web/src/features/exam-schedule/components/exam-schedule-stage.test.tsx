import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import type { ExamSchedule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { awardDateIssue } from '@certs/shared/award/award-date';
import { ExamScheduleStage } from './exam-schedule-stage';

const paid: ExamSchedule = {
  applicationId: 'app-1',
  applicationNumber: 'C-2026-00003',
  status: 'Examinations Stage',
  workflowStage: 'Payment Stage Completed',
  overallResult: null,
  resultRecordedOn: null,
  candidate: { name: 'Ada Applicant', timeZone: 'Australia/Sydney' },
  modules: [],
  choices: null,
  permissions: { canSchedule: false, canSend: false, canEnterResults: false, canRecordResult: true },
  awardDateRange: { earliest: '2026-10-02', latest: '2026-11-22' },
};

afterEach(() => vi.unstubAllGlobals());

describe('the result stage of a Certification application (no modules)', () => {
  it('offers the overall result once paid, reads and records it through the type’s resultstage route, with no schedule', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...paid, status: 'Awarded', overallResult: 'Awarded', resultRecordedOn: '2026-11-22T01:00:00.000Z', permissions: { ...paid.permissions, canRecordResult: false } })
        : jsonResponse(paid),
    );
    const onMoved = vi.fn();
    renderWithProviders(
      <ExamScheduleStage type="certificationapplication" applicationId="app-1" status="Examinations Stage" workflowStage="Payment Stage Completed" onMoved={onMoved} onOpenAttachment={() => {}} />,
    );

    expect(await screen.findByRole('heading', { name: 'Result' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Exam schedule' })).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/certificationapplication/app-1/resultstage');

    await userEvent.click(screen.getByRole('radio', { name: 'Awarded' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record overall result' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Record Awarded' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/certificationapplication/app-1/resultstage')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ overallResult: 'Awarded' });
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
  });

  it('asks for the award date with Awarded: today by default, only days from submission to today, and sends the day given', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...paid, status: 'Awarded', overallResult: 'Awarded', resultRecordedOn: '2026-11-22T01:00:00.000Z', permissions: { ...paid.permissions, canRecordResult: false }, awardDateRange: null })
        : jsonResponse(paid),
    );
    renderWithProviders(
      <ExamScheduleStage type="certificationapplication" applicationId="app-1" status="Examinations Stage" workflowStage="Payment Stage Completed" onOpenAttachment={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Failed' }));
    expect(screen.queryByLabelText(/Award date/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Awarded' }));
    const field = screen.getByLabelText(/Award date/);
    // Today in the awarding body's zone, as the server gave it.
    expect(field).toHaveValue('22-Nov-2026');

    // A day before submission or after today is not taken: the field keeps the last day it could use.
    for (const typed of ['01/10/2026', '23/11/2026']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field).toHaveValue('22-Nov-2026');
    }

    fireEvent.change(field, { target: { value: '03/11/2026' } });
    fireEvent.blur(field);
    expect(field).toHaveValue('03-Nov-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Record overall result' }));
    expect(await screen.findByText(/dated 03-Nov-2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record Awarded' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ overallResult: 'Awarded', awardedOn: '2026-11-03' }));
  });

  it('judges an award date as the server will (for a day that reaches the form some other way)', () => {
    const range = { earliest: '2026-10-02', latest: '2026-11-22' };
    expect(awardDateIssue('2026-11-22', range)).toBeNull();
    expect(awardDateIssue('2026-10-02', range)).toBeNull();
    expect(awardDateIssue('2026-11-23', range)).toBe(AWARD_MESSAGES.awardedOnFuture);
    expect(awardDateIssue('2026-10-01', range)).toBe(AWARD_MESSAGES.awardedOnBeforeSubmitted('02-Oct-2026'));
    expect(awardDateIssue('', range)).toBe(AWARD_MESSAGES.awardedOnInvalid);
  });

  it('sends no award date with Failed', async () => {
    const { calls } = stubFetch((call) => (call.method === 'POST' ? jsonResponse({ ...paid, status: 'Failed', overallResult: 'Failed', permissions: { ...paid.permissions, canRecordResult: false } }) : jsonResponse(paid)));
    renderWithProviders(
      <ExamScheduleStage type="certificationapplication" applicationId="app-1" status="Examinations Stage" workflowStage="Payment Stage Completed" onOpenAttachment={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Failed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record overall result' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Record Failed' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('awardedOn');
  });

  it('shows nothing before the invoice is paid', () => {
    const { calls } = stubFetch(() => jsonResponse(paid));
    renderWithProviders(
      <ExamScheduleStage type="certificationapplication" applicationId="app-1" status="Examinations Stage" workflowStage="Payment Stage Requested" onOpenAttachment={() => {}} />,
    );
    expect(screen.queryByRole('heading', { name: 'Result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Awarded' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
