import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXAM_MESSAGES, type SittingRow } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ExtraTimeDialog } from './extra-time-dialog';

const MODULE_ID = '50000000-0000-4000-8000-0000000000b1';
const row: SittingRow = {
  examInstanceId: null,
  kind: 'module',
  applicantName: 'Ari Applicant',
  applicantEmail: 'ari@example.com',
  title: 'IWI-M1 module exam',
  programId: null,
  programCode: 'Q-WELD-INSP',
  moduleCode: 'IWI-M1',
  applicationId: null,
  applicationNumber: 'Q-2026-00012',
  applicationModuleId: MODULE_ID,
  scheduledAt: '2026-12-01T00:00:00.000Z',
  startedOn: null,
  deadline: null,
  submittedOn: null,
  status: 'NotStarted',
  submittedHow: null,
  extraMinutes: 0,
  score: null,
  percentage: null,
  result: null,
  needsMarking: false,
  isClosed: false,
};

function renderDialog() {
  const { calls } = stubFetch((call) => jsonResponse({ applicationModuleId: MODULE_ID, extraMinutes: 23, examInstanceId: null, deadline: null }, call.method === 'POST' ? 200 : 404));
  const onClose = vi.fn();
  renderWithProviders(<ExtraTimeDialog row={row} onClose={onClose} />);
  return { calls, onClose, user: userEvent.setup() };
}

describe('ExtraTimeDialog', { timeout: 15_000 }, () => {
  it('gives extra time as a time factor of the test, which the server turns into minutes', async () => {
    const { calls, onClose, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Time factor' }));
    const factor = screen.getByRole('textbox', { name: /Time factor/ });
    fireEvent.change(factor, { target: { value: '1.5' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose, screen.queryByRole('dialog')?.textContent ?? '').toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[`/api/moduleexaminstance/${MODULE_ID}/extratime`, { timeFactor: 1.5 }]]);
  });

  it('refuses a factor above 3 and minutes above a day before sending anything', async () => {
    const { calls, user } = renderDialog();
    const minutes = screen.getByRole('textbox', { name: /Extra minutes/ });
    await user.clear(minutes);
    await user.type(minutes, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EXAM_MESSAGES.extraTimeMax)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Time factor' }));
    const factor = screen.getByRole('textbox', { name: /Time factor/ });
    await user.clear(factor);
    await user.type(factor, '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EXAM_MESSAGES.extraTimeFactor)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
