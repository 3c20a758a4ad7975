import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MODULE_MESSAGES, type ProgramModule } from '@certs/shared/program/program-module.contract';
import { CurrencyProvider } from '../../../lib/currency';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ModuleForm } from './module-form';
import { emptyModuleValues, moduleValuesOf, toModuleRequest, validateModuleValues, type ModuleFormValues } from './module-form.values';

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(initialValues: ModuleFormValues = emptyModuleValues(), mode: 'create' | 'edit' = 'create') {
  const onSubmit = vi.fn<(values: ModuleFormValues) => Promise<unknown>>(() => Promise.resolve());
  renderWithProviders(<ModuleForm mode={mode} initialValues={initialValues} onSubmit={onSubmit} onCancel={() => {}} />);
  return { onSubmit, user: userEvent.setup() };
}

const complete: ModuleFormValues = {
  ...emptyModuleValues(),
  moduleCode: 'M1',
  moduleTitle: 'Welding metallurgy',
  examinationType: 'Online',
  memberFee: '150',
  nonMemberFee: '200.5',
  passPercentage: '70',
};

describe('ModuleForm', { timeout: 15_000 }, () => {
  it.each([
    ['NZD', 'NZ$'],
    ['AUD', '$'],
  ])("marks the fee fields with the account's currency (%s)", (currency, symbol) => {
    renderWithProviders(
      <CurrencyProvider currency={currency}>
        <ModuleForm mode="create" initialValues={emptyModuleValues()} onSubmit={() => Promise.resolve()} onCancel={() => {}} />
      </CurrencyProvider>,
    );
    // The member and non-member fees (re-sit fees show once re-sits are allowed).
    expect(screen.getAllByText(symbol, { exact: true })).toHaveLength(2);
  });

  it('shows the shared messages at each field', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    expect(await screen.findByText(MODULE_MESSAGES.moduleCodeRequired)).toBeInTheDocument();
    expect(screen.getByText(MODULE_MESSAGES.moduleTitleRequired)).toBeInTheDocument();
    expect(screen.getByText(MODULE_MESSAGES.examinationTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(MODULE_MESSAGES.memberFee)).toBeInTheDocument();
    expect(screen.getByText(MODULE_MESSAGES.nonMemberFee)).toBeInTheDocument();
    expect(field('Member Fee')).toHaveAccessibleDescription(MODULE_MESSAGES.memberFee);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires the re-sit fees when re-sits are allowed, and asks for them only then', async () => {
    const { onSubmit, user } = renderForm(complete);
    expect(screen.queryByLabelText(/^Re-sit Member Fee/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Re-sit allowed' }));
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    expect(await screen.findByText(MODULE_MESSAGES.reSitMemberFeeRequired)).toBeInTheDocument();
    expect(screen.getByText(MODULE_MESSAGES.reSitNonMemberFeeRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('Re-sit Member Fee'), '75');
    await user.type(field('Re-sit Non Member Fee'), '99.99');
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toModuleRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ reSitAllowed: true, reSitMemberFee: 75, reSitNonMemberFee: 99.99 });
  });

  it.each([
    ['101', true],
    ['-1', true],
    ['70.125', true],
    ['abc', true],
    ['', true],
    ['0', false],
    ['100', false],
    ['65.5', false],
    ['99.99', false],
  ])('checks pass percentage %s (refused: %s)', (passPercentage, isRefused) => {
    const errors = validateModuleValues({ ...complete, passPercentage });
    expect(errors.passPercentage).toBe(isRefused ? MODULE_MESSAGES.passPercentage : undefined);
  });

  it('shows the pass percentage message at the field', async () => {
    const { user } = renderForm({ ...complete, passPercentage: '' });
    await user.type(field('Pass Percentage'), '120');
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    expect(await screen.findByText(MODULE_MESSAGES.passPercentage)).toBeInTheDocument();
  });

  it('refuses fees with more than two decimals or more than 8 characters', () => {
    expect(validateModuleValues({ ...complete, memberFee: '1.234' }).memberFee).toBe(MODULE_MESSAGES.memberFee);
    expect(validateModuleValues({ ...complete, memberFee: '123456.78' }).memberFee).toBe(MODULE_MESSAGES.memberFee);
    expect(validateModuleValues({ ...complete, memberFee: '12345.78' }).memberFee).toBeUndefined();
  });

  it('edits a saved module with its fees in two decimals, and can inactivate it', async () => {
    const saved: ProgramModule = {
      id: '00000000-0000-4000-8000-000000000101',
      programId: '00000000-0000-4000-8000-000000000100',
      isRenewal: false,
      moduleCode: 'M2',
      moduleTitle: 'Inspection',
      moduleDescription: '',
      assessmentRequirements: '',
      examinationType: 'Practical',
      invigilated: true,
      memberFee: 150,
      nonMemberFee: 200.5,
      reviewAllowed: false,
      reSitAllowed: false,
      reSitMemberFee: null,
      reSitNonMemberFee: null,
      passPercentage: 70,
      order: 1,
      isInactive: false,
    };
    const { onSubmit, user } = renderForm(moduleValuesOf(saved), 'edit');
    expect(field('Member Fee')).toHaveValue('150.00');
    expect(field('Non Member Fee')).toHaveValue('200.50');
    await user.click(screen.getByRole('switch', { name: /Inactive/ }));
    await user.click(screen.getByRole('button', { name: 'Save module' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toModuleRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ isInactive: true, memberFee: 150, reSitMemberFee: null });
  });
});
