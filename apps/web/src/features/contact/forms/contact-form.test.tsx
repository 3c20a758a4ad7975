import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES, type ContactAccount, type ContactMessageRequest } from '@certs/shared/contact/contact.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ContactForm } from './contact-form';

const AU: ContactAccount = { id: '00000000-0000-4000-8000-000000000001', name: 'Welding Certification Board of Australia', shortName: 'wcb' };
const NZ: ContactAccount = { id: '00000000-0000-4000-8000-000000000002', name: 'Welding Certification New Zealand', shortName: 'wcnz' };
const filled = { name: 'Kiri Tane', email: 'kiri@example.test', phoneNumber: '021 555 0100', message: 'When is the next practical exam?' };

function renderForm(accounts: ContactAccount[], initialValues = filled, profilePhone?: string) {
  const onSubmit = vi.fn<(request: ContactMessageRequest) => Promise<unknown>>(() => Promise.resolve());
  renderWithProviders(<ContactForm initialValues={initialValues} accounts={accounts} profilePhone={profilePhone} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('ContactForm', () => {
  it('offers no choice of body on a platform of one, and sends the message without one', async () => {
    const { onSubmit, user } = renderForm([AU]);
    expect(screen.queryByLabelText(/Awarding body/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledWith(filled);
  });

  it('asks which body the message is for when there are several, and sends the one chosen', async () => {
    const { onSubmit, user } = renderForm([AU, NZ]);
    const body = screen.getByRole('combobox', { name: /Awarding body/ });
    expect(screen.getByRole('option', { name: NZ.name })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.unknownAccount)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(body, NZ.name);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...filled, account: NZ.id });
  });

  it('does not ask for the phone of a sender whose profile has one, and sends none (issue 45 item 17)', async () => {
    const { onSubmit, user } = renderForm([AU], { ...filled, phoneNumber: '' }, '0411 222 333');
    expect(screen.queryByLabelText(/Phone Number/)).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-profile-phone')).toHaveTextContent('0411 222 333');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const { phoneNumber: _none, ...withoutPhone } = filled;
    expect(onSubmit).toHaveBeenCalledWith(withoutPhone);
  });

  it('asks for the phone when the profile has none', async () => {
    const { onSubmit, user } = renderForm([AU], { ...filled, phoneNumber: '' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Phone Number/), '021 555 0100');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledWith(filled);
  });
});
