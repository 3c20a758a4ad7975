import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMPLAINT_MESSAGES, type ComplaintBody, type PublicComplaintRequest } from '@certs/shared/complaint/complaint.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ComplaintForm } from './complaint-form';

const AU: ComplaintBody = { shortName: 'wcb', name: 'Welding Certification Board of Australia', programs: [{ id: '7b1d5c6e-2f0a-4c3b-9a8d-1e2f3a4b5c6d', programCode: 'WI-L1', programTitle: 'Welding Inspector' }] };
const NZ: ComplaintBody = { shortName: 'wcnz', name: 'Welding Certification New Zealand', programs: [] };

function renderForm(options: { isPublic: boolean; bodies?: ComplaintBody[]; onSubmit?: (request: PublicComplaintRequest) => Promise<unknown> }) {
  const onSubmit = vi.fn(options.onSubmit ?? (() => Promise.resolve()));
  renderWithProviders(<ComplaintForm isPublic={options.isPublic} bodies={options.bodies ?? [AU, NZ]} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('ComplaintForm', () => {
  it('asks the public for a name, an email, the body, what it is about and the details, with the messages at the fields', async () => {
    const { onSubmit, user } = renderForm({ isPublic: true });
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText(COMPLAINT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(COMPLAINT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(COMPLAINT_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(screen.getByText(COMPLAINT_MESSAGES.aboutRequired)).toBeInTheDocument();
    expect(screen.getByText(COMPLAINT_MESSAGES.detailsRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Pat Public');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'pat@example.test');
    await user.selectOptions(screen.getByRole('combobox', { name: /Awarding body/ }), AU.name);
    await user.selectOptions(screen.getByRole('combobox', { name: /Program/ }), 'WI-L1 Welding Inspector');
    await user.click(screen.getByRole('radio', { name: 'An examiner' }));
    await user.type(screen.getByRole('textbox', { name: /examiner's name/ }), 'The practical examiner, 3 May');
    await user.type(screen.getByRole('textbox', { name: /Your complaint/ }), 'Arrived three hours late.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Pat Public',
      email: 'pat@example.test',
      account: 'wcb',
      programId: AU.programs[0]!.id,
      about: 'examiner',
      aboutText: 'The practical examiner, 3 May',
      details: 'Arrived three hours late.',
    });
  });

  it('keeps its honeypot out of reach: hidden from assistive technology and the tab order', () => {
    renderForm({ isPublic: true });
    expect(screen.queryByRole('textbox', { name: 'Leave this empty' })).not.toBeInTheDocument();
    const honeypot = screen.getByLabelText('Leave this empty', { selector: 'input' });
    expect(honeypot).toHaveAttribute('tabindex', '-1');
  });

  it('asks a signed-in person for no name or email, and chooses the only body for them', async () => {
    const { onSubmit, user } = renderForm({ isPublic: false, bodies: [AU] });
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Leave this empty', { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'The awarding body' }));
    await user.type(screen.getByRole('textbox', { name: /Your complaint/ }), 'Nobody answers the phone.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(onSubmit).toHaveBeenCalledWith({ account: 'wcb', about: 'body', aboutText: '', details: 'Nobody answers the phone.' });
  });

  it('shows a refusal of the server at its field, keeping what was typed', async () => {
    const { user } = renderForm({ isPublic: false, bodies: [AU], onSubmit: () => Promise.reject(new ApiError(400, COMPLAINT_MESSAGES.unknownProgram, { programId: COMPLAINT_MESSAGES.unknownProgram })) });
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.type(screen.getByRole('textbox', { name: /Your complaint/ }), 'Details kept');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText(COMPLAINT_MESSAGES.unknownProgram)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your complaint/ })).toHaveValue('Details kept');
  });
});
