import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_EVENT_FACTS } from '@certs/shared/invigilation/console-state';
import { INVIGILATION_MESSAGES, type ConsoleCandidate } from '@certs/shared/invigilation/invigilation.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CandidateActionDialog, type ActionKind } from './candidate-action-dialog';

const MODULE_ID = '60000000-0000-4000-8000-0000000000a1';
const candidate: ConsoleCandidate = {
  applicationModuleId: MODULE_ID,
  examInstanceId: '60000000-0000-4000-8000-0000000000e1',
  applicantName: 'Iris Invigilated',
  applicationNumber: 'Q-2026-00045',
  applicationId: '60000000-0000-4000-8000-0000000000b1',
  status: 'InProgress',
  answered: 2,
  questions: 15,
  deadline: null,
  extraMinutes: 0,
  lastSeenOn: null,
  ...NO_EVENT_FACTS,
};

function renderDialog(kind: ActionKind) {
  const { calls } = stubFetch(() => jsonResponse({ eventId: 7, deadline: null }));
  const onClose = vi.fn();
  renderWithProviders(<CandidateActionDialog candidate={candidate} kind={kind} eventTimes={[]} onClose={onClose} />);
  return { calls, onClose, user: userEvent.setup() };
}

describe('CandidateActionDialog (issue 45 item 13)', { timeout: 15_000 }, () => {
  it('marks the message and its reason as required and refuses an empty reason with the reason why, sending nothing', async () => {
    const { calls, onClose, user } = renderDialog('message');
    const message = screen.getByRole('textbox', { name: /Message shown on the candidate's screen/ });
    const reason = screen.getByRole('textbox', { name: /^Reason/ });
    // Required for assistive technology (the attribute) and to the eye (Mantine's asterisk).
    expect(message).toBeRequired();
    expect(reason).toBeRequired();
    expect(screen.getByText('Reason', { selector: 'label' })).toHaveTextContent('Reason *');
    await user.type(message, 'Please face the camera.');
    await user.click(screen.getByRole('button', { name: 'Send a message' }));
    expect(await screen.findByText(INVIGILATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.type(reason, 'Face not visible');
    await user.click(screen.getByRole('button', { name: 'Send a message' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/api/invigilation/candidates/${MODULE_ID}/message`, { text: 'Please face the camera.', reason: 'Face not visible' }],
    ]);
  });

  it('refuses a message without text', async () => {
    const first = renderDialog('message');
    await first.user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Face not visible');
    await first.user.click(screen.getByRole('button', { name: 'Send a message' }));
    expect(await screen.findByText(INVIGILATION_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(first.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses an irregularity report without a category or a description', async () => {
    const { calls, user } = renderDialog('reports');
    expect(screen.getByRole('textbox', { name: /What happened/ })).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Report an irregularity' }));
    expect(await screen.findByText(INVIGILATION_MESSAGES.categoryRequired)).toBeInTheDocument();
    expect(screen.getByText(INVIGILATION_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
