import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPEAL_MESSAGES, type Appeal, type AppealStaffView, type HandlerCandidates } from '@certs/shared/appeal/appeal.contract';
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

  it('partly upheld on a result with modules: the failed modules appear, one is required, the chosen pass and no award date is sent', async () => {
    const modules = [
      { id: 'm1', moduleCode: 'M1', moduleTitle: 'Welding theory', result: 'Fail', resultPercentage: 55, reviewAllowed: true },
      { id: 'm2', moduleCode: 'M2', moduleTitle: 'Welding practice', result: 'Fail', resultPercentage: 60, reviewAllowed: true },
    ];
    const { calls } = stubFetch(() => jsonResponse({ ...appeal, status: 'decided', outcome: 'partly_upheld' }));
    renderWithProviders(
      <AppealStaffPanel appeal={{ ...appeal, applicationTypePath: 'qualificationapplication', staff: { ...staff, canDecide: true, needsModules: true, modules } }} userId="h1" applicationHref="/admin/x" onOpenFile={vi.fn()} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Dismissed' }));
    expect(screen.queryByRole('checkbox', { name: /M1 Welding theory/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Partly upheld' }));
    expect(screen.getByRole('checkbox', { name: 'M1 Welding theory (Fail 55%)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'M2 Welding practice (Fail 60%)' })).toBeInTheDocument();
    expect(screen.getByText(/the result stays Failed/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /award date/i })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Reasons/ }), 'M1 question 7 remarked: 74%.');
    await userEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText(APPEAL_MESSAGES.partlyUpheldModulesRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'M1 Welding theory (Fail 55%)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'partly_upheld', reasons: 'M1 question 7 remarked: 74%.', moduleIds: ['m1'], changeDescription: '' }));
  });
});
