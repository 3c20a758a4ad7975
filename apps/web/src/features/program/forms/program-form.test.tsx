import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_NUMBER_MESSAGES } from '@certs/shared/award/certificate-number';
import { PROGRAM_MESSAGES } from '@certs/shared/program/program.contract';
import { ApiError } from '../../../lib/api-client';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { AssignableUser } from '../api/find-assignable-users';
import { ProgramForm } from './program-form';
import { emptyProgramValues, toProgramRequest, validateProgramValues, type ProgramFormValues } from './program-form.values';

const managers: AssignableUser[] = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Sam Super', email: 'super@demo.local', role: 1 },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Alex Admin', email: 'accountadmin@demo.local', role: 2 },
];

const OTHER_PROGRAM_ID = '00000000-0000-4000-8000-0000000000aa';

/** A field by its label, whether or not the label carries the required asterisk. */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(props: Partial<Parameters<typeof ProgramForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: ProgramFormValues) => Promise<unknown>>(props.onSubmit ?? (() => Promise.resolve()));
  const result = renderWithProviders(
    <ProgramForm mode="create" initialValues={emptyProgramValues()} managers={managers} {...props} onSubmit={onSubmit} />,
  );
  return { ...result, onSubmit, user: userEvent.setup() };
}

// Typing into jsdom is slow on a busy machine; these tests type whole codes.
describe('ProgramForm', { timeout: 15_000 }, () => {
  let lookups: string[];
  beforeEach(() => {
    lookups = [];
    stubFetch((call) => {
      const code = /\/api\/program\/bycode\/(.+)$/.exec(call.url)?.[1];
      if (code) {
        lookups.push(decodeURIComponent(code));
        return jsonResponse({ program: code === 'TAKEN-1' ? { id: OTHER_PROGRAM_ID, programCode: 'TAKEN-1' } : null });
      }
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the shared schema message for a lower-case program code, and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Program Code'), 'q-weld-01');
    await user.click(screen.getByRole('button', { name: 'Create program' }));

    expect(await screen.findByText(PROGRAM_MESSAGES.programCodePattern)).toBeInTheDocument();
    expect(field('Program Code')).toHaveAccessibleDescription(expect.stringContaining(PROGRAM_MESSAGES.programCodePattern) as string);
    expect(screen.getByText(PROGRAM_MESSAGES.programTitleRequired)).toBeInTheDocument();
    expect(screen.getByText(PROGRAM_MESSAGES.programTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(PROGRAM_MESSAGES.programManagerRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // An invalid code is never looked up.
    expect(lookups).toEqual([]);
  });

  it('separates the certification decision by default for Certification and AICIP, and sends a change', async () => {
    const { onSubmit, user } = renderForm({
      initialValues: { ...emptyProgramValues(), programCode: 'C-SEP-01', programTitle: 'Welding Supervisor', programManager: managers[0]!.id },
    });
    const separation = screen.getByRole('switch', { name: /^Separate the certification decision/ });
    await user.selectOptions(field('Program Type'), 'Qualification');
    expect(separation).not.toBeChecked();
    await user.selectOptions(field('Program Type'), 'Certification');
    expect(separation).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Not chosen: the server applies the type's default.
    expect(toProgramRequest(onSubmit.mock.calls[0]![0]).decisionSeparation).toBeUndefined();

    await user.click(separation);
    expect(separation).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(toProgramRequest(onSubmit.mock.calls[1]![0])).toMatchObject({ programType: 2, decisionSeparation: false });
  });

  it('requires the declaration for a Qualification program only', async () => {
    const { onSubmit, user } = renderForm({
      initialValues: { ...emptyProgramValues(), programCode: 'Q-WELD-01', programTitle: 'Welding Inspector', programManager: managers[0]!.id },
    });
    await user.selectOptions(field('Program Type'), 'Qualification');
    await user.click(screen.getByRole('button', { name: 'Create program' }));

    expect(await screen.findByText(PROGRAM_MESSAGES.declarationRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Program Declaration' })).toHaveAccessibleDescription(
      expect.stringContaining(PROGRAM_MESSAGES.declarationRequired) as string,
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(field('Program Type'), 'Certification');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toProgramRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ programCode: 'Q-WELD-01', programType: 2, programDeclaration: '' });
  });

  it('shows the certificate number fields only when the pattern check is on, and then requires them', async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText(/^Certificate Number Pattern/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Number certificates from a pattern/ }));
    expect(field('Certificate Number Pattern')).toBeInTheDocument();
    await user.type(field('Certificate Start Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByText(PROGRAM_MESSAGES.certificateNumPatternRequired)).toBeInTheDocument();
    expect(screen.getByText(PROGRAM_MESSAGES.certificateStartNumMax)).toBeInTheDocument();
  });

  it('explains the pattern placeholders, shows the first number, and names an unknown placeholder at the field', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('switch', { name: /Number certificates from a pattern/ }));
    const pattern = field('Certificate Number Pattern');
    expect(pattern).toHaveAccessibleDescription(/\{YYYY\} \(the award year, four digits/);
    await user.type(field('Certificate Start Number'), '0001');
    await user.type(pattern, 'WCB-{{YYYY}-{{N}');
    expect(pattern).toHaveAccessibleDescription(new RegExp(`First number: WCB-${new Date().getFullYear()}-0001$`));
    await user.clear(pattern);
    await user.type(pattern, 'WCB-{{YEAR}-{{N}');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByText(CERTIFICATE_NUMBER_MESSAGES.unknownPlaceholder('{YEAR}'))).toBeInTheDocument();
  });

  it('says while typing that a code belongs to another program', async () => {
    const { onSubmit, user } = renderForm({
      initialValues: { ...emptyProgramValues(), programTitle: 'Welding Inspector', programType: '2', programManager: managers[0]!.id },
    });
    await user.type(field('Program Code'), 'TAKEN-1');
    expect(await screen.findByText(PROGRAM_MESSAGES.programCodeTaken, undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(lookups).toContain('TAKEN-1');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field('Program Code'));
    await user.type(field('Program Code'), 'FREE-1');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.queryByText(PROGRAM_MESSAGES.programCodeTaken)).not.toBeInTheDocument();
  });

  it('locks code and type once published', () => {
    renderForm({ mode: 'edit', isIdentityLocked: true, initialValues: { ...emptyProgramValues(), programCode: 'Q-WELD-01', programType: '1' } });
    expect(field('Program Code')).toBeDisabled();
    expect(field('Program Type')).toBeDisabled();
    expect(field('Program Title')).toBeEnabled();
  });

  it('puts a server field error at its field and keeps what was typed', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(409, PROGRAM_MESSAGES.programCodeTaken, { programCode: PROGRAM_MESSAGES.programCodeTaken }),
    );
    const { user } = renderForm({
      onSubmit,
      initialValues: { ...emptyProgramValues(), programCode: 'C-NEW', programTitle: 'Welding Supervisor', programType: '2', programManager: managers[1]!.id },
    });
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByText(PROGRAM_MESSAGES.programCodeTaken)).toBeInTheDocument();
    expect(field('Program Title')).toHaveValue('Welding Supervisor');
  });
});

describe('program form values', () => {
  it('drops the pattern fields when the check is off', () => {
    const values: ProgramFormValues = {
      ...emptyProgramValues(),
      programCode: 'WQ-01',
      programTitle: 'Welder',
      programType: '3',
      programManager: managers[0]!.id,
      certificateNumPattern: 'LEFT-OVER',
    };
    expect(validateProgramValues(values)).toEqual({});
    expect(toProgramRequest(values)).toMatchObject({ certificateNumPattern: '', certificateStartNum: '', programType: 3 });
  });
});
