import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TestRecordingSettingSwitch } from './test-recording-setting';

const TEST_ID = '00000000-0000-4000-8000-000000000019';

/** The setting's GET answers at once; each PUT waits until the test answers it. */
function stubSetting(initial: boolean) {
  const answers: ((response: Response) => void)[] = [];
  const stub = stubFetch((call) =>
    call.method === 'PUT' ? new Promise<Response>((resolve) => answers.push(resolve)) : jsonResponse({ testId: TEST_ID, recordExam: initial }),
  );
  return { ...stub, answerPut: (response: Response) => answers.shift()!(response) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the test page’s Recorded exam switch (issue 19)', () => {
  it('shows the new choice from the click itself while it is saved, and keeps it once saved', async () => {
    const { calls, answerPut } = stubSetting(false);
    renderWithProviders(<TestRecordingSettingSwitch testId={TEST_ID} />);
    const toggle = await screen.findByRole('switch', { name: /^Recorded exam/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    fireEvent.click(toggle);
    // No wait: what the click shows is there as soon as the click is handled.
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ recordExam: true }]));

    answerPut(jsonResponse({ testId: TEST_ID, recordExam: true }));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('puts the switch back and says why when the server refuses the change', async () => {
    const { answerPut } = stubSetting(false);
    renderWithProviders(<TestRecordingSettingSwitch testId={TEST_ID} />);
    const toggle = await screen.findByRole('switch', { name: /^Recorded exam/ });
    await waitFor(() => expect(toggle).toBeEnabled());

    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(toggle).toBeDisabled());
    answerPut(jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'You do not manage this program' }, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not manage this program');
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
  });
});
