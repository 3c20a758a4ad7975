import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamSchedule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
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
