import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Award, AwardRow } from '@certs/shared/award/award.contract';
import type { AwardStatus } from '@certs/shared/award/award-status';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AwardPanel } from './award-panel';

const row: AwardRow = {
  id: 'award-1',
  name: 'Ada Applicant',
  holderNumber: 'M-1001',
  applicantId: 'applicant-1',
  applicationId: 'app-1',
  applicationNumber: 'C-2026-00003',
  programId: 'program-1',
  programCode: 'C-WELD-SUP',
  programTitle: 'Certified Welding Supervisor',
  programType: 2,
  awardType: 'Awarded',
  certificateNumber: 'CWS-2026-0001',
  awardDate: '2026-11-20',
  expiresOn: '2029-11-20',
  status: 'current',
  statusReason: null,
};

function awardWith(status: AwardStatus, statusReason: string | null = null): Award {
  return {
    ...row,
    status,
    statusReason,
    certificateReady: true,
    history: [{ id: 1, action: 'Awarded', fromStatus: null, toStatus: 'current', reason: null, createdOn: '2026-11-20T01:00:00.000Z', createdByName: 'Alex Administrator' }],
  };
}

/** The list (searched by application number), the award itself, and the action's answer. */
function serve(status: AwardStatus, onAction?: (call: RecordedCall) => Response) {
  return stubFetch((call) => {
    if (call.method === 'POST' && onAction) return onAction(call);
    if (call.url.startsWith('/api/award/pagination')) return jsonResponse({ rows: [{ ...row, status }, { ...row, id: 'other', applicationId: 'app-2' }], page: 1, pageSize: 250, totalRows: 2 });
    if (call.url === '/api/award/award-1') return jsonResponse(awardWith(status));
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function renderPanel(props: Partial<Parameters<typeof AwardPanel>[0]> = {}) {
  const onMoved = vi.fn();
  renderWithProviders(
    <AwardPanel
      type="certificationapplication"
      application={{ id: 'app-1', applicationNumber: 'C-2026-00003', programId: 'program-1', status: 'Awarded' }}
      canManage
      onMoved={onMoved}
      {...props}
    />,
  );
  return { onMoved, user: userEvent.setup() };
}

async function actionNames() {
  const panel = await screen.findByTestId('award-CWS-2026-0001');
  await within(panel).findByTestId('award-history');
  return within(screen.getByTestId('award-actions')).queryAllByRole('button').map((button) => button.textContent);
}

afterEach(() => vi.unstubAllGlobals());

describe('the Award panel of the staff application page', () => {
  it("shows the application's own award: number, status, dates and history, found by its application number", async () => {
    const { calls } = serve('current');
    renderPanel();
    const panel = await screen.findByTestId('award-CWS-2026-0001');
    expect(within(panel).getByTestId('award-certificate-number')).toHaveTextContent('CWS-2026-0001');
    expect(within(panel).getByText('Current')).toBeInTheDocument();
    expect(await within(panel).findByRole('table', { name: 'History of award CWS-2026-0001' })).toHaveTextContent('Alex Administrator');
    // Another application's award in the same search stays out.
    expect(screen.queryByTestId('award-other')).not.toBeInTheDocument();
    const list = new URL(calls[0]!.url, 'http://x');
    expect(list.pathname).toBe('/api/award/pagination');
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ search: 'C-2026-00003', programId: 'program-1' });
  });

  it.each([
    ['current', ['Hold', 'Cancel', 'Withdraw']],
    ['on hold', ['Release', 'Cancel']],
    ['cancelled', []],
    ['withdrawn', []],
  ] as const)('offers, for an award that is %s, the actions %j', async (status, expected) => {
    serve(status);
    renderPanel();
    expect(await actionNames()).toEqual(expected);
  });

  it('offers no action to staff who do not manage the program', async () => {
    serve('current');
    renderPanel({ canManage: false });
    expect(await actionNames()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download certificate CWS-2026-0001' })).toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, before the application is awarded', () => {
    const { calls } = serve('current');
    renderPanel({ application: { id: 'app-1', applicationNumber: 'C-2026-00003', programId: 'program-1', status: 'Examinations Stage' } });
    expect(screen.queryByRole('heading', { name: 'Award' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('requires the reason before putting the award on hold, then sends it and tells the page', async () => {
    const { calls } = serve('current', () => jsonResponse(awardWith('on hold', 'Logbook under review')));
    const { onMoved, user } = renderPanel();
    await actionNames();
    await user.click(screen.getByRole('button', { name: 'Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put the award on hold CWS-2026-0001' });
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('Hold reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(within(dialog).getByText('Hold reason is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Logbook under review');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/certificationapplication/app-1/award/hold');
    expect(post.body).toEqual({ reason: 'Logbook under review' });
    expect(onMoved).toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's refusal when someone else acted first", async () => {
    serve('current', () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'An award that is cancelled cannot be withdrawn' }, 409));
    const { onMoved, user } = renderPanel();
    await actionNames();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the award CWS-2026-0001' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Found to have left the industry');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('An award that is cancelled cannot be withdrawn')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Found to have left the industry');
    expect(onMoved).not.toHaveBeenCalled();
  });
});
