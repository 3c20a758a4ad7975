import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicSchedule } from '@certs/shared/exam-schedule/public-schedule.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PublicScheduleView } from './public-schedule-view';

const hall = { id: '11111111-1111-4111-8111-111111111111', kind: 'venue' as const, name: 'Sydney Welding Hall', address: '' };
const online = { id: 'online', kind: 'online' as const, name: 'Online (sat in the applicant area)', address: '' };

function schedule(): PublicSchedule {
  // An online window that opened 30 minutes ago and is open for another hour.
  const openedAt = new Date(Date.now() - 30 * 60_000).toISOString();
  // A venue session two days ahead: never in progress whenever the test runs (a fixed date was, for two hours).
  const hallStartsAt = new Date(Date.now() + 2 * 24 * 60 * 60_000);
  return {
    from: '2026-12-01',
    to: '2027-02-28',
    places: [hall, online],
    days: [
      {
        place: online,
        date: '2026-12-01',
        sessions: [{ startsAt: openedAt, examKind: 'Online', durationMinutes: 90, moduleCode: 'M1', moduleTitle: 'Theory', programCode: 'Q-ES-INSP', programTitle: 'Inspector', candidates: null, timeZone: 'Australia/Sydney' }],
      },
      {
        place: hall,
        date: hallStartsAt.toISOString().slice(0, 10),
        sessions: [{ startsAt: hallStartsAt.toISOString(), examKind: 'Practical', durationMinutes: 120, moduleCode: 'M2', moduleTitle: 'Practical inspection', programCode: 'Q-ES-INSP', programTitle: 'Inspector', candidates: 2, timeZone: 'Pacific/Auckland' }],
      },
    ],
  };
}

describe('PublicScheduleView', () => {
  it('lists an online exam open now beside venue sessions, with no candidate count for online (issue 21)', async () => {
    stubFetch((call) => (call.url.startsWith('/unauth/schedule') ? jsonResponse(schedule()) : jsonResponse({ message: 'Not here' }, 404)));
    renderWithProviders(<PublicScheduleView />);
    const [onlineDay, hallDay] = await screen.findAllByTestId('schedule-day');
    expect(within(onlineDay!).getByRole('heading', { name: /Online \(sat in the applicant area\)/ })).toBeInTheDocument();
    expect(within(onlineDay!).getByText('Open now')).toBeInTheDocument();
    expect(within(onlineDay!).getByText('M1 Theory')).toBeInTheDocument();
    expect(within(onlineDay!).getByText(/^90 min, until \d{2}:\d{2}/)).toBeInTheDocument();
    expect(within(onlineDay!).queryByRole('columnheader', { name: 'Candidates' })).toBeNull();
    expect(within(hallDay!).getByRole('columnheader', { name: 'Candidates' })).toBeInTheDocument();
    expect(within(hallDay!).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(hallDay!).queryByText('In progress')).toBeNull();
    // Each session's time is its awarding body's: the New Zealand body's hall session in Auckland time.
    expect(within(hallDay!).getByText(/^\d{2}:\d{2} (AM|PM) (NZDT|NZST|GMT\+1[23])$/)).toBeInTheDocument();
  });

  it('says the list covers venues, test centres and online exams when there is nothing', async () => {
    stubFetch(() => jsonResponse({ ...schedule(), days: [] }));
    renderWithProviders(<PublicScheduleView />);
    expect(await screen.findByText('No exam sessions, at a venue, a test centre or online, are scheduled in this period.')).toBeInTheDocument();
  });
});
