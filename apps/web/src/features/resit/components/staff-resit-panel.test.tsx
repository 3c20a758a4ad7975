import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResitApplicationView, ResitModule } from '@certs/shared/resit/resit.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StaffResitPanel } from './staff-resit-panel';

const APPLICATION_ID = '71000000-0000-4000-8000-000000000001';
const RESAT_MODULE = '71000000-0000-4000-8000-000000000011';

const moduleRow = (applicationModuleId: string, moduleCode: string, currentResult: 'Pass' | 'Fail'): ResitApplicationView['modules'][number] => ({
  applicationModuleId,
  programModuleId: `${applicationModuleId.slice(0, -2)}99`,
  moduleCode,
  moduleTitle: `Module ${moduleCode}`,
  firstResult: currentResult,
  currentResult,
  reSitAllowed: true,
  resitsTaken: currentResult === 'Fail' ? 1 : 0,
  feeCents: null,
  cannotApplyBecause: 'A re-sit of this module is already open',
  passPercentage: 70,
  invigilated: false,
});

const assessedResit = (result: 'Pass' | 'Fail'): ResitModule => ({
  id: '71000000-0000-4000-8000-000000000031',
  applicationId: APPLICATION_ID,
  applicationNumber: 'AIC-2026-00007',
  applicationStatus: 'Applied for re-sit',
  programId: '71000000-0000-4000-8000-000000000041',
  programCode: 'AIC-P',
  programTitle: 'AICIP Piping',
  applicantName: 'Nia Holder',
  applicationModuleId: RESAT_MODULE,
  moduleCode: 'P1',
  moduleTitle: 'Piping inspection',
  attempt: 1,
  stage: 'Resit Examination Assessment',
  feeCents: 9500,
  currency: 'AUD',
  feeBasis: 'member',
  invoiceId: '71000000-0000-4000-8000-000000000051',
  invoiceStatus: 'Paid',
  invoiceTotalCents: 9500,
  paymentTrackerId: null,
  examKind: 'Practical',
  whatToBring: null,
  scheduledAt: '2026-11-10T23:00:00.000Z',
  scheduleTimeZone: 'Australia/Sydney',
  scheduledLocal: '2026-11-11T10:00',
  durationMinutes: 120,
  venue: null,
  testCentre: null,
  examiner: null,
  invigilator: null,
  examDefinition: null,
  scheduleNote: '',
  scheduleSentOn: '2026-11-01T01:00:00.000Z',
  examInstanceId: null,
  result,
  resultPercentage: result === 'Pass' ? 78 : 40,
  resultNotes: '',
  resultSource: 'staff',
  assessmentSubmittedOn: '2026-11-12T01:00:00.000Z',
  resultSubmittedOn: null,
  createdOn: '2026-10-20T01:00:00.000Z',
});

function viewWith(result: 'Pass' | 'Fail'): ResitApplicationView {
  return {
    applicationId: APPLICATION_ID,
    applicationStatus: 'Applied for re-sit',
    maxResitsPerModule: null,
    currency: 'AUD',
    modules: [moduleRow(RESAT_MODULE, 'P1', 'Fail'), moduleRow('71000000-0000-4000-8000-000000000012', 'P2', 'Pass')],
    resits: [assessedResit(result)],
    canManage: true,
    choices: null,
    awardDateRange: { earliest: '2026-10-02', latest: '2026-11-22' },
  };
}

function show(view: ResitApplicationView): RecordedCall[] {
  const results: RecordedCall[] = [];
  stubFetch((call) => {
    if (call.method === 'POST' && call.url === '/api/aicipapplicationresitmodule/result/submit') {
      results.push(call);
      return jsonResponse({ ...view.resits[0]!, stage: 'Resit Result', applicationStatus: view.resits[0]!.result === 'Pass' ? 'Awarded' : 'Failed' });
    }
    if (call.url.startsWith('/api/aicipapplicationresitmodule/resitModules')) return jsonResponse(view);
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  renderWithProviders(<StaffResitPanel word="aicipapplicationresitmodule" applicationId={APPLICATION_ID} />);
  return results;
}

describe('StaffResitPanel: the re-sit result', () => {
  it('asks for the award date when the result leaves every module passed: today by default, only days from submission to today, and sends the day given', async () => {
    const results = show(viewWith('Pass'));
    const field = await screen.findByLabelText(/Award date/);
    expect(screen.getByText(/recording it awards the application/)).toBeInTheDocument();
    expect(field).toHaveValue('22-Nov-2026');
    for (const typed of ['01/10/2026', '23/11/2026']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field).toHaveValue('22-Nov-2026');
    }
    fireEvent.change(field, { target: { value: '03/11/2026' } });
    fireEvent.blur(field);
    await userEvent.click(screen.getByRole('button', { name: 'Record the re-sit result' }));
    // It asks once, saying that it awards at once (issue 45); nothing is sent before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Record the re-sit result of P1?' });
    expect(dialog).toHaveTextContent('recorded as passed (78%)');
    expect(dialog).toHaveTextContent('the application is awarded at once, a certificate is issued with its number');
    expect(results).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the result' }));
    await waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]!.body).toEqual({ resitModuleId: assessedResit('Pass').id, note: '', awardedOn: '2026-11-03' });
  });

  it('shows no award date and sends none when the result does not award', async () => {
    const results = show(viewWith('Fail'));
    await userEvent.click(await screen.findByRole('button', { name: 'Record the re-sit result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the re-sit result of P1?' });
    expect(dialog).toHaveTextContent('recorded as not passed (40%)');
    expect(dialog).toHaveTextContent('the application is not awarded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the result' }));
    await waitFor(() => expect(results).toHaveLength(1));
    expect(screen.queryByLabelText(/Award date/)).not.toBeInTheDocument();
    expect(results[0]!.body).toEqual({ resitModuleId: assessedResit('Fail').id, note: '' });
  });
});

describe('StaffResitPanel: sending the schedule (issue 45)', () => {
  it('asks once, naming the candidate, the time, the length and the place, and sends only on the answer', async () => {
    const saved: ResitModule = {
      ...assessedResit('Pass'),
      stage: 'Resit Payment Verified',
      examKind: 'Pen & Paper',
      venue: { id: '71000000-0000-4000-8000-000000000061', name: 'Wollongong Testing Hall' },
      scheduleSentOn: null,
      result: null,
      resultPercentage: null,
      resultSource: null,
      assessmentSubmittedOn: null,
    };
    const sends: RecordedCall[] = [];
    stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/aicipapplicationresitmodule/examinationstage/send') {
        sends.push(call);
        return jsonResponse({ ...saved, stage: 'Resit Examination', scheduleSentOn: '2026-11-02T00:00:00.000Z' });
      }
      return jsonResponse({ ...viewWith('Pass'), resits: [saved] });
    });
    renderWithProviders(<StaffResitPanel word="aicipapplicationresitmodule" applicationId={APPLICATION_ID} />);
    expect(await screen.findByText('Re-sit payment verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send to the candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the re-sit of P1 to the candidate?' });
    expect(dialog).toHaveTextContent(/Nia Holder is mailed the re-sit: Pen & Paper, 11-Nov-2026 10:00 AM AEDT, 120 minutes, at Wollongong Testing Hall\./);
    expect(sends).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the schedule' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]!.body).toEqual({ resitModuleId: saved.id });
  });
});

describe("StaffResitPanel: the re-sit's unpaid invoice (issue 41)", () => {
  it("offers the page's payment actions while the invoice is unpaid, and none once paid", async () => {
    // A discount code took 10 % off the invoice: the offline payment settles the invoice's total, not the fee.
    const unpaid: ResitModule = { ...assessedResit('Pass'), stage: 'Resit Applied', invoiceStatus: 'Issued', invoiceTotalCents: 8550, result: null, resultPercentage: null, resultSource: null, scheduledAt: null, scheduleSentOn: null, assessmentSubmittedOn: null };
    const view = { ...viewWith('Pass'), resits: [unpaid] };
    stubFetch(() => jsonResponse(view));
    const actions = vi.fn(({ amountText }: { amountText: string }) => <button type="button">{`Pay ${amountText} offline`}</button>);
    const { unmount } = renderWithProviders(<StaffResitPanel word="aicipapplicationresitmodule" applicationId={APPLICATION_ID} renderInvoiceActions={actions} />);
    expect(await screen.findByRole('button', { name: 'Pay $85.50 (re-sit of P1) offline' })).toBeInTheDocument();
    expect(actions).toHaveBeenCalledWith(expect.objectContaining({ resit: expect.objectContaining({ id: unpaid.id }) }));
    unmount();
    stubFetch(() => jsonResponse({ ...view, resits: [{ ...unpaid, stage: 'Resit Payment Verified', invoiceStatus: 'Paid' }] }));
    renderWithProviders(<StaffResitPanel word="aicipapplicationresitmodule" applicationId={APPLICATION_ID} renderInvoiceActions={actions} />);
    expect(await screen.findByText(/invoice Paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offline/ })).not.toBeInTheDocument();
  });
});
