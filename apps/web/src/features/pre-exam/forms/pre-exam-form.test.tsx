import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES } from '@certs/shared/coupon/coupon.contract';
import { PRE_EXAM_MESSAGES, type PreExamUpdateRequest, type PreExamView } from '@certs/shared/pre-exam/pre-exam.contract';
import { ApiError } from '../../../lib/api-client';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PreExamForm } from './pre-exam-form';
import { initialPreExamValues, isPreExamDirty, preExamRequestOf, previewOf } from './pre-exam-form.values';

const M1 = '11111111-1111-4111-8111-111111111111';
const M2 = '22222222-2222-4222-8222-222222222222';
const M3 = '33333333-3333-4333-8333-333333333333';

const view: PreExamView = {
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00007',
  preExamType: 'qualificationapplicationmodule',
  programId: 'prog-1',
  applicantId: 'appl-1',
  status: 'Assessment Completed',
  hasModules: true,
  feeBasis: 'member',
  isSelectionSaved: false,
  modules: [
    { programModuleId: M1, moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 45000, nonMemberFeeCents: 60000, feeCents: 45000, choice: 'required', order: 1 },
    { programModuleId: M2, moduleCode: 'IWI-M2', moduleTitle: 'Materials', examinationType: 'Practical', memberFeeCents: 30000, nonMemberFeeCents: 40000, feeCents: 30000, choice: 'required', order: 2 },
    { programModuleId: M3, moduleCode: 'IWI-M3', moduleTitle: 'Inspection', examinationType: 'Oral', memberFeeCents: 25000, nonMemberFeeCents: 33000, feeCents: 25000, choice: 'required', order: 3 },
  ],
  lines: [],
  subtotalCents: 100000,
  couponCode: null,
  discountCents: 0,
  discountDescription: null,
  couponError: null,
  gstRateBasisPoints: 1000,
  gstCents: 9091,
  totalCents: 100000,
  currency: 'AUD',
  canEdit: true,
  invoice: null,
};

type Handler = (request: PreExamUpdateRequest) => Promise<unknown>;

const verified = (subtotalCents: number, code = 'TENOFF') => ({
  couponId: 'c1',
  code,
  description: '',
  discountType: 'percentage',
  discountValue: 1000,
  discountText: '10 %',
  validTo: '2099-12-31T00:00:00.000Z',
  subtotalCents,
  discountCents: Math.round(subtotalCents / 10),
  totalCents: subtotalCents - Math.round(subtotalCents / 10),
});

function renderForm(options: { onSave?: ReturnType<typeof vi.fn<Handler>>; onIssue?: ReturnType<typeof vi.fn<Handler>>; start?: PreExamView } = {}) {
  const onSave = options.onSave ?? vi.fn<Handler>(() => Promise.resolve());
  const onIssue = options.onIssue ?? vi.fn<Handler>(() => Promise.resolve());
  renderWithProviders(<PreExamForm view={options.start ?? view} onSave={onSave} onIssue={onIssue} />);
  return { onSave, onIssue, user: userEvent.setup() };
}

const choose = async (user: ReturnType<typeof userEvent.setup>, moduleCode: string, label: 'Required' | 'Optional' | 'Not taken') =>
  user.click(within(screen.getByTestId(`module-${moduleCode}`)).getByRole('radio', { name: label }));
const totals = () => within(screen.getByTestId('pre-exam-totals'));
const totalRow = (label: RegExp) => totals().getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('the pre-exam form logic', () => {
  it('starts from the view and sends every module with its choice and the code upper-cased', () => {
    const values = { ...initialPreExamValues(view), couponCode: ' tenoff ' };
    values.choices[M2] = 'notTaken';
    values.choices[M3] = 'optional';
    expect(preExamRequestOf(values, view)).toEqual({
      modules: [
        { programModuleId: M1, choice: 'required' },
        { programModuleId: M2, choice: 'notTaken' },
        { programModuleId: M3, choice: 'optional' },
      ],
      couponCode: 'TENOFF',
    });
    expect(isPreExamDirty(values, { ...view, isSelectionSaved: true })).toBe(true);
    expect(isPreExamDirty(initialPreExamValues(view), { ...view, isSelectionSaved: true })).toBe(false);
  });

  it('totals the lines at the fee basis, takes the quoted discount off (capped) and gives the GST in the total', () => {
    const values = initialPreExamValues(view);
    values.choices[M2] = 'notTaken';
    expect(previewOf(values, view, { state: 'none' })).toMatchObject({ subtotalCents: 70000, totalCents: 70000, gstCents: 6364 });
    expect(previewOf(values, { ...view, feeBasis: 'nonMember' }, { state: 'none' })).toMatchObject({ subtotalCents: 93000 });
    expect(previewOf(values, view, { state: 'applied', cents: 7000, description: '' })).toMatchObject({ totalCents: 63000, gstCents: 5727 });
    expect(previewOf(values, view, { state: 'applied', cents: 999999, description: '' })).toMatchObject({ totalCents: 0, gstCents: 0, discount: { cents: 70000 } });
    expect(previewOf(values, view, { state: 'pricing' })).toMatchObject({ subtotalCents: 70000, totalCents: null, gstCents: null });
  });
});

describe('PreExamForm', () => {
  it('shows the fees at the basis and recomputes the totals as modules are chosen', async () => {
    const { user } = renderForm();
    expect(screen.getByTestId('fee-basis')).toHaveTextContent('Member fees');
    expect(within(totalRow(/Subtotal/)).getByText('$1,000.00')).toBeInTheDocument();
    await choose(user, 'IWI-M2', 'Not taken');
    await choose(user, 'IWI-M3', 'Optional');
    expect(within(totalRow(/Subtotal/)).getByText('$700.00')).toBeInTheDocument();
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('$700.00')).toBeInTheDocument();
    expect(within(totalRow(/GST included \(10%\)/)).getByText('$63.64')).toBeInTheDocument();
    expect(totals().getByText('IWI-M3 Inspection (optional)')).toBeInTheDocument();
  });

  it("prices a New Zealand body's program in NZ$ with its 15 % GST", async () => {
    const { user } = renderForm({ start: { ...view, currency: 'NZD', gstRateBasisPoints: 1500 } });
    expect(within(totalRow(/Subtotal/)).getByText('NZ$1,000.00')).toBeInTheDocument();
    await choose(user, 'IWI-M2', 'Not taken');
    await choose(user, 'IWI-M3', 'Not taken');
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('NZ$450.00')).toBeInTheDocument();
    // 15 % contained in NZ$450.00: 450 x 15 / 115 = 58.70.
    expect(within(totalRow(/GST included \(15%\)/)).getByText('NZ$58.70')).toBeInTheDocument();
    expect(screen.getByTestId(`module-IWI-M1`)).toHaveTextContent('NZ$450.00');
  });

  it('says "Please choose at least one module" and sends nothing when every module is not taken', async () => {
    const { onSave, onIssue, user } = renderForm();
    for (const code of ['IWI-M1', 'IWI-M2', 'IWI-M3']) await choose(user, code, 'Not taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('modules-error')).toHaveTextContent(PRE_EXAM_MESSAGES.chooseModule);
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onIssue).not.toHaveBeenCalled();
    await choose(user, 'IWI-M1', 'Optional');
    expect(screen.queryByTestId('modules-error')).not.toBeInTheDocument();
  });

  it('prices an applied code on the server for the subtotal on screen, and again when the subtotal changes', async () => {
    const { calls } = stubFetch((call) => {
      const subtotal = Number(new URL(call.url, 'http://localhost').searchParams.get('subtotalCents'));
      return jsonResponse(verified(subtotal));
    });
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'tenoff');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(totalRow(/Discount \(TENOFF\)/)).findByText('-$100.00')).toBeInTheDocument();
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('$900.00')).toBeInTheDocument();
    expect(screen.getByText('TENOFF: 10 % off')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/programapplicationcoupon/prog-1/appl-1/TENOFF/verify/coupon?subtotalCents=100000');
    await choose(user, 'IWI-M2', 'Not taken');
    expect(await within(totalRow(/Discount \(TENOFF\)/)).findByText('-$70.00')).toBeInTheDocument();
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('$630.00')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toContain('subtotalCents=70000');
  });

  it("shows a refused code's reason at the field", async () => {
    stubFetch(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: COUPON_MESSAGES.expired, fieldErrors: { couponCode: COUPON_MESSAGES.expired } }, 400));
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(COUPON_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('$1,000.00')).toBeInTheDocument();
  });

  it('saves the selection and the code; a refusal from the server lands at its field', async () => {
    const onSave = vi.fn<Handler>().mockRejectedValueOnce(new ApiError(400, COUPON_MESSAGES.notFound, { couponCode: COUPON_MESSAGES.notFound })).mockResolvedValue(undefined);
    const { user } = renderForm({ onSave });
    await choose(user, 'IWI-M3', 'Optional');
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(COUPON_MESSAGES.notFound)).toBeInTheDocument();
    expect(onSave.mock.calls[0]![0]).toEqual({
      modules: [
        { programModuleId: M1, choice: 'required' },
        { programModuleId: M2, choice: 'required' },
        { programModuleId: M3, choice: 'optional' },
      ],
      couponCode: 'NOPE',
    });
    await user.clear(screen.getByRole('textbox', { name: 'Discount code' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![0]).toMatchObject({ couponCode: null });
  });

  it('asks before issuing the invoice, with the total, then issues what is on screen', async () => {
    const { onIssue, user } = renderForm();
    await choose(user, 'IWI-M2', 'Optional');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue the tax invoice?' });
    expect(within(dialog).getByText('$1,000.00')).toBeInTheDocument();
    expect(onIssue).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    expect(onIssue.mock.calls[0]![0]).toMatchObject({ modules: expect.arrayContaining([{ programModuleId: M2, choice: 'optional' }]), couponCode: null });
  });

  it('keeps a refused issue in the dialog with the server message', async () => {
    const onIssue = vi.fn<Handler>().mockRejectedValue(new ApiError(409, PRE_EXAM_MESSAGES.invoiceIssued));
    const { user } = renderForm({ onIssue });
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue the tax invoice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText(PRE_EXAM_MESSAGES.invoiceIssued)).toBeInTheDocument();
  });

  it('shows a certification fee instead of modules', () => {
    renderForm({
      start: {
        ...view,
        hasModules: false,
        modules: [],
        feeBasis: 'nonMember',
        lines: [{ programModuleId: null, moduleCode: 'CWS', moduleTitle: 'Certification: Certified Welding Supervisor', feeBasis: 'nonMember', isRequired: true, amountCents: 44000 }],
      },
    });
    expect(screen.queryByTestId('pre-exam-modules')).not.toBeInTheDocument();
    expect(screen.getByTestId('fee-basis')).toHaveTextContent('Non-member fees');
    expect(within(totalRow(/Total \(incl\. GST\)/)).getByText('$440.00')).toBeInTheDocument();
    expect(within(totalRow(/GST included/)).getByText('$40.00')).toBeInTheDocument();
  });
});
