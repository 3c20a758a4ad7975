import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Appeal, AppealStaffView, HandlerCandidates } from '@certs/shared/appeal/appeal.contract';
import { CASE_MESSAGES } from '@certs/shared/case/case.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AppealStaffPanel } from './appeal-staff-panel';

const staff: AppealStaffView = {
  appellantEmail: 'ada@example.test',
  canAssign: false,
  canTakeIt: false,
  canRecord: false,
  canDecide: false,
  cannotDecideBecause: null,
  cannotTakeBecause: null,
  modules: [],
  needsModules: false,
  needsDescription: false,
  awardDateRange: { earliest: '2026-10-01', latest: '2026-11-25' },
  applicationTypePath: 'certificationapplication',
};
const appeal = {
  id: 'a1', reference: 'APL-2026-00012', subject: 'result', programId: 'p1', programCode: 'C-SUP', programTitle: 'Welding Supervisor', applicationId: 'app1', applicationNumber: 'C-2026-000004',
  appellantName: 'Ada Arcwright', status: 'investigating', outcome: null, handlerName: 'Hana Handler', receivedOn: '2026-11-21T01:00:00.000Z', decideBy: '2026-12-21', decidedOn: null, ageDays: 3, overdue: false,
  grounds: 'My referees were not contacted.', files: [], awardId: null, certificateNumber: null, reviewId: 'r1', applicationTypePath: 'certificationapplication', acknowledgedOn: '2026-11-21T01:00:00.000Z',
  acknowledgeBy: '2026-11-26', outcomeReasons: null, decidedBy: null, handlerId: 'h1', changes: [], entries: [], staff,
} satisfies Appeal;

describe('AppealStaffPanel', () => {
  it('tells the examiner why they cannot take it, and offers them no decision', async () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<AppealStaffPanel appeal={{ ...appeal, staff: { ...staff, cannotTakeBecause: CASE_MESSAGES.handlerInvolved('examiner'), cannotDecideBecause: "Only the appeal's handler or the program's managers can decide it" } }} userId="e1" applicationHref="/admin/x" onOpenFile={vi.fn()} />);
    expect(await screen.findByText('The handler cannot have been involved in what is appealed: they were its examiner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this appeal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the decision' })).not.toBeInTheDocument();
  });

  it('lets a manager assign a handler, naming those involved', async () => {
    const handlers: HandlerCandidates = { rows: [{ id: 'm1', name: 'Mia Manager', email: 'mia@example.test', involvedAs: 'decision maker' }, { id: 'h2', name: 'Hana Handler', email: 'hana@example.test', involvedAs: null }] };
    const { calls } = stubFetch((call) => (call.url.includes('/handlers') ? jsonResponse(handlers) : jsonResponse({ ...appeal, handlerId: 'h2' })));
    renderWithProviders(<AppealStaffPanel appeal={{ ...appeal, handlerId: null, handlerName: null, staff: { ...staff, canAssign: true } }} userId="m2" applicationHref={null} onOpenFile={vi.fn()} />);
    expect(await screen.findByRole('option', { name: 'Mia Manager (involved: decision maker)' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Handler' }), 'h2');
    await userEvent.click(screen.getByRole('button', { name: 'Assign handler' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ handlerId: 'h2' }));
  });

  it('records an upheld decision with reasons and the award date', async () => {
    const { calls } = stubFetch(() => jsonResponse({ ...appeal, status: 'decided', outcome: 'upheld' }));
    renderWithProviders(<AppealStaffPanel appeal={{ ...appeal, staff: { ...staff, canDecide: true } }} userId="h1" applicationHref="/admin/x" onOpenFile={vi.fn()} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Upheld' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText('Reasons are required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Reasons/ }), 'The referees confirmed three years.');
    await userEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'upheld', reasons: 'The referees confirmed three years.', moduleIds: [], awardedOn: '2026-11-25', changeDescription: '' }));
  });
});
