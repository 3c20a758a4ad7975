import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_EVENT_FACTS } from '@certs/shared/invigilation/console-state';
import type { ConsoleCandidate, SittingConsole as Console } from '@certs/shared/invigilation/invigilation.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SittingConsole } from './sitting-console';

const SITTING_ID = '70000000-0000-4000-8000-0000000000a1';

function candidateOf(name: string, id: string, overrides: Partial<ConsoleCandidate>): ConsoleCandidate {
  return {
    applicationModuleId: id,
    examInstanceId: `${id.slice(0, -2)}e1`,
    applicantName: name,
    applicationNumber: 'Q-2026-00045',
    applicationId: '70000000-0000-4000-8000-0000000000b1',
    status: 'InProgress',
    answered: 3,
    questions: 15,
    deadline: null,
    extraMinutes: 0,
    lastSeenOn: new Date().toISOString(),
    ...NO_EVENT_FACTS,
    ...overrides,
  };
}

const consoleData: Console = {
  sitting: {
    sittingId: SITTING_ID,
    programCode: 'Q-WELD-INSP',
    moduleCode: 'IWI-M1',
    moduleTitle: 'Welding processes',
    testTitle: 'IWI-M1 module exam',
    scheduledAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    windowClosesAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    scheduleTimeZone: 'Australia/Sydney',
    candidates: 3,
    myRole: 'invigilator',
  },
  candidates: [
    candidateOf('Sam Submitted', '70000000-0000-4000-8000-0000000000c1', { status: 'Submitted' }),
    candidateOf('Eve Ended', '70000000-0000-4000-8000-0000000000c2', { status: 'Submitted', endedForMisconduct: true }),
    candidateOf('Ivan Sitting', '70000000-0000-4000-8000-0000000000c3', {}),
  ],
  events: [],
  serverTime: Date.now(),
  offlineAfterSeconds: 30,
};

function renderConsole() {
  // The plain read answers; the stream is refused for a moment (the console shows the first picture).
  stubFetch((call) => (call.url.endsWith('/stream') ? jsonResponse({ message: 'later' }, 503) : jsonResponse(consoleData)));
  renderWithProviders(<SittingConsole sittingId={SITTING_ID} reviewHref={(id) => `/admin/invigilation/review/${id}`} />);
  return userEvent.setup();
}

async function menuItemsFor(user: ReturnType<typeof userEvent.setup>, name: string): Promise<string[]> {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return items;
}

describe('SittingConsole actions (issue 45 item 5)', { timeout: 20_000 }, () => {
  it('offers no message, extra time, pause or end for a submitted candidate or an ended sitting; only a report, and says why', async () => {
    const user = renderConsole();
    expect(await menuItemsFor(user, 'Sam Submitted')).toEqual(['Report an irregularity']);
    await user.click(screen.getByRole('button', { name: 'Actions for Sam Submitted' }));
    expect(await screen.findByText('Submitted: the sitting can no longer change')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await menuItemsFor(user, 'Eve Ended')).toEqual(['Report an irregularity']);
    expect(await menuItemsFor(user, 'Ivan Sitting')).toEqual(['Send a message', 'Give extra time', 'Pause the clock', 'Report an irregularity', 'End for misconduct']);
  });
});
