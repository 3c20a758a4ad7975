import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SCHEDULE_MESSAGES, type ScheduleChoices, type ScheduleSaveRequest, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScheduleForm } from './schedule-form';

const NOW = new Date('2026-06-01T00:00:00Z');
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const base = {
  isRequired: true,
  examKind: null,
  scheduledAt: null,
  scheduleTimeZone: null,
  scheduledLocal: null,
  durationMinutes: null,
  venue: null,
  testCentre: null,
  examiner: null,
  invigilator: null,
  examDefinition: null,
  recordExam: null,
  scheduleNote: '',
  isScheduleComplete: false,
  scheduleSentOn: null,
  hasTakenPlace: false,
  result: null,
  resultPercentage: null,
  resultNotes: '',
  resultEvidence: null,
  resultEnteredOn: null,
  resultEnteredBy: null,
  resultSource: null,
  canEnterResult: false,
} satisfies Partial<ScheduledModule>;

const modules: ScheduledModule[] = [
  { ...base, id: ID(1), programModuleId: ID(8), moduleCode: 'M1', moduleTitle: 'Welding processes', examinationType: 'Online', invigilated: true, passPercentage: 70 },
  { ...base, id: ID(2), programModuleId: ID(9), moduleCode: 'M2', moduleTitle: 'Practical inspection', examinationType: 'Practical', invigilated: false, passPercentage: 75 },
];

const choices: ScheduleChoices = {
  kinds: ['Online', 'Practical', 'Oral', 'Pen & Paper', 'Practical & Oral'],
  zones: ['Australia/Sydney', 'Australia/Perth'],
  defaultZone: 'Australia/Sydney',
  venues: [{ id: ID(5), name: 'Sydney Welding Hall' }],
  testCentres: [{ id: ID(4), name: 'Hunter Weld Testing', address: 'Newcastle NSW' }],
  examiners: [{ id: ID(6), name: 'Eve Examiner' }],
  invigilators: [{ id: ID(7), name: 'Ivan Invigilator' }],
  tests: [{ id: ID(3), name: 'M1 module test', programModuleId: ID(8), recordExam: false, overallTime: 90 }],
};

type Save = (request: ScheduleSaveRequest) => Promise<unknown>;

function renderForm(onSave = vi.fn<Save>(() => Promise.resolve())) {
  renderWithProviders(<ScheduleForm modules={modules} choices={choices} candidateTimeZone="Australia/Perth" onSave={onSave} now={() => NOW} />);
  return { onSave, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, label: string | RegExp, option: string) {
  const input = within(row).getByRole('textbox', { name: label });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the dropdown has not opened');
    return found;
  });
  // Mantine's dropdown is still in its opening transition in jsdom, so its options count as hidden.
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

async function fillPractical(user: ReturnType<typeof userEvent.setup>, time = '09:30') {
  const row = screen.getByTestId('schedule-row-M2');
  const day = within(row).getByRole('textbox', { name: /Date/ });
  await user.type(day, '21-Nov-2026');
  fireEvent.blur(day);
  fireEvent.change(within(row).getByLabelText(/^Time( \*)?$/), { target: { value: time } });
  await user.type(within(row).getByRole('textbox', { name: /Duration/ }), '180');
  await choose(user, row, /Venue or test centre/, 'Sydney Welding Hall');
  await choose(user, row, /Examiner/, 'Eve Examiner');
  return row;
}

describe('ScheduleForm', () => {
  it('asks for at least one module before saving', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Enter the schedule of at least one module.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves one module at a time: the practical row with its venue, the blank online row left out', async () => {
    const { onSave, user } = renderForm();
    const row = await fillPractical(user);
    expect(within(row).getByTestId('candidate-time')).toHaveTextContent('The candidate reads 21-Nov-2026 06:30 AM AWST.');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      modules: [
        {
          applicationModuleId: ID(2),
          examKind: 'Practical',
          scheduledLocal: '2026-11-21T09:30',
          scheduleTimeZone: 'Australia/Sydney',
          durationMinutes: 180,
          venueId: ID(5),
          testingAgencyId: null,
          examinerId: ID(6),
          invigilatorId: null,
          examDefinitionId: null,
          scheduleNote: '',
        },
      ],
    });
  });

  it("proposes recording the invigilated module's online sitting, shows the switch for Online rows only, and sends what staff leave it at", async () => {
    const { onSave, user } = renderForm();
    const online = screen.getByTestId('schedule-row-M1');
    const practical = screen.getByTestId('schedule-row-M2');
    expect(within(practical).queryByRole('switch', { name: /Record this sitting/ })).not.toBeInTheDocument();
    const recording = within(online).getByRole('switch', { name: /Record this sitting/ });
    expect(recording).toBeChecked();
    const day = within(online).getByRole('textbox', { name: /Date/ });
    await user.type(day, '21-Nov-2026');
    fireEvent.blur(day);
    fireEvent.change(within(online).getByLabelText(/^Time( \*)?$/), { target: { value: '10:00' } });
    await user.type(within(online).getByRole('textbox', { name: /Duration/ }), '90');
    await choose(user, online, /Examiner/, 'Eve Examiner');
    await choose(user, online, /^Invigilator/, 'Ivan Invigilator');
    await choose(user, online, /Published test/, 'M1 module test');
    await user.click(recording);
    expect(recording).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].modules).toEqual([expect.objectContaining({ applicationModuleId: ID(1), examKind: 'Online', examDefinitionId: ID(3), recordExam: false })]);
  });

  it('shows the rules at the fields: the online test and invigilator, the skipped hour', async () => {
    const { onSave, user } = renderForm();
    const online = screen.getByTestId('schedule-row-M1');
    await user.type(within(online).getByRole('textbox', { name: /Duration/ }), '90');
    await fillPractical(user, '02:30');
    const day = within(screen.getByTestId('schedule-row-M2')).getByRole('textbox', { name: /Date/ });
    await user.clear(day);
    await user.type(day, '04-Oct-2026');
    fireEvent.blur(day);
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await within(online).findByText(SCHEDULE_MESSAGES.testRequired)).toBeInTheDocument();
    expect(within(online).getByText(SCHEDULE_MESSAGES.invigilatorRequired)).toBeInTheDocument();
    expect(within(online).getByText(SCHEDULE_MESSAGES.examinerRequired)).toBeInTheDocument();
    expect(within(screen.getByTestId('schedule-row-M2')).getByText(SCHEDULE_MESSAGES.nonExistentTime('2026-10-04T02:30', 'Australia/Sydney'))).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's refusal at the field it names", async () => {
    const onSave = vi.fn<Save>(() => Promise.reject(new ApiError(400, SCHEDULE_MESSAGES.notAnExaminer, { 'modules.0.examinerId': SCHEDULE_MESSAGES.notAnExaminer })));
    const { user } = renderForm(onSave);
    await fillPractical(user);
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await within(screen.getByTestId('schedule-row-M2')).findByText(SCHEDULE_MESSAGES.notAnExaminer)).toBeInTheDocument();
  });
});
