import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES as M, type Coupon, type CouponRequest } from '@certs/shared/coupon/coupon.contract';
import { ApiError } from '../../../lib/api-client';
import { CurrencyProvider } from '../../../lib/currency';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CouponForm } from './coupon-form';

const PROGRAMS = [{ id: '0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11', programCode: 'Q-INSP', programTitle: 'Welding Inspector', programType: 1 }];

function renderForm(coupon: Coupon | null = null, onSubmit = vi.fn<(request: CouponRequest) => Promise<unknown>>(() => Promise.resolve())) {
  renderWithProviders(<CouponForm coupon={coupon} zone="Australia/Sydney" submitLabel="Create discount code" programs={PROGRAMS} onProgramSearch={() => undefined} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()$%]/g, '\\$&')}( \\*)?$`));
const setDay = (label: string, day: string) => fireEvent.change(field(label), { target: { value: day } });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Create discount code' }));

describe('CouponForm', () => {
  it("shows the spec-style messages at each field and sends nothing", async () => {
    const { onSubmit, user } = renderForm();
    await submit(user);
    for (const message of [M.codeRequired, M.percentageInvalid, M.programTypeRequired, M.validFromRequired, M.validToRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: 'One program' }));
    await user.type(field('Usage limit'), '0');
    setDay('Valid from', '2026-03-31');
    setDay('Valid to', '2026-03-01');
    await submit(user);
    for (const message of [M.programRequired, M.usageLimitInvalid, M.validToAfterFrom]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await user.type(field('Amount ($)'), '0');
    await submit(user);
    expect(await screen.findByText(M.amountInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the code upper-case and the days as Sydney instants, from the start of the first to the end of the last', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Code'), 'spring-25');
    await user.tab();
    expect(field('Code')).toHaveValue('SPRING-25');
    await user.type(field('Percentage (%)'), '12.5');
    await user.selectOptions(field('Program Type'), 'Qualification');
    setDay('Valid from', '2026-03-01');
    setDay('Valid to', '2026-03-31');
    await user.type(field('Usage limit'), '20');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      code: 'SPRING-25',
      description: '',
      discountType: 'percentage',
      discountValue: '12.5',
      appliesTo: 'programType',
      programType: 1,
      programId: null,
      validFrom: '2026-02-28T13:00:00.000Z',
      validTo: '2026-03-31T12:59:59.999Z',
      usageLimit: '20',
      active: true,
    });
  });

  it("puts the server's refusal at its field", async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(409, M.codeTaken, { code: M.codeTaken }));
    const { user } = renderForm(null, onSubmit);
    await user.type(field('Code'), 'TAKEN');
    await user.type(field('Percentage (%)'), '10');
    await user.selectOptions(field('Program Type'), 'Certification');
    setDay('Valid from', '2026-03-01');
    setDay('Valid to', '2026-03-02');
    await submit(user);
    await waitFor(() => expect(field('Code')).toHaveAccessibleDescription(expect.stringContaining(M.codeTaken)));
  });

  it('fixes the code, discount and program of a code already used', () => {
    const used: Coupon = {
      id: '5a0e7d1e-1111-4c1c-9a11-6f1e2d3c4b5a',
      code: 'USED-10',
      description: '',
      discountType: 'fixed',
      discountValue: 1000,
      discountText: '$10.00',
      appliesTo: 'program',
      programType: null,
      programId: PROGRAMS[0]!.id,
      programCode: 'Q-INSP',
      programTitle: 'Welding Inspector',
      validFrom: '2026-02-28T13:00:00.000Z',
      validTo: '2026-03-31T12:59:59.999Z',
      usageLimit: 5,
      usedCount: 2,
      active: true,
      state: 'Active',
      createdOn: '2026-02-01T00:00:00.000Z',
      modifiedOn: '2026-02-01T00:00:00.000Z',
    };
    renderForm(used);
    expect(field('Code')).toBeDisabled();
    expect(field('Amount ($)')).toHaveValue('10');
    expect(field('Amount ($)')).toBeDisabled();
    expect(field('Valid from')).toHaveValue('01-Mar-2026');
    expect(field('Valid to')).toHaveValue('31-Mar-2026');
    expect(field('Usage limit')).toBeEnabled();
    expect(screen.getByText(/Used 2 times/)).toBeInTheDocument();
  });

  it("labels a fixed amount in a New Zealand account's NZ$", () => {
    renderWithProviders(
      <CurrencyProvider currency="NZD">
        <CouponForm coupon={null} zone="Pacific/Auckland" submitLabel="Create discount code" programs={PROGRAMS} onProgramSearch={() => undefined} onSubmit={() => Promise.resolve()} />
      </CurrencyProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    expect(field('Amount (NZ$)')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Amount \(\$\)/)).not.toBeInTheDocument();
  });
});
