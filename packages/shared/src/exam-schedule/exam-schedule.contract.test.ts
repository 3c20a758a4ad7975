import { describe, expect, it } from 'vitest';
import {
  PostExamUpdateRequest,
  ResultStageRequest,
  SCHEDULE_MESSAGES,
  ScheduleSaveRequest,
  RESULT_MESSAGES,
  modulesNotPassed,
  scheduleRowIssues,
  suggestedResult,
  testCentreAddress,
  type ScheduleModuleValues,
} from './exam-schedule.contract';
import { PUBLIC_SCHEDULE_MESSAGES, PublicScheduleQuery } from './public-schedule.contract';
import { instantOfLocal, localOfInstant, timeInZone } from './exam-schedule-time';

const NOW = new Date('2026-06-01T00:00:00Z');
const ID = '11111111-1111-4111-8111-111111111111';

function row(overrides: Partial<ScheduleModuleValues> = {}): ScheduleModuleValues {
  return {
    applicationModuleId: ID,
    examKind: 'Practical',
    scheduledLocal: '2026-11-21T09:00',
    scheduleTimeZone: 'Australia/Sydney',
    durationMinutes: 120,
    venueId: ID,
    testingAgencyId: null,
    examinerId: ID,
    invigilatorId: null,
    examDefinitionId: null,
    scheduleNote: '',
    ...overrides,
  };
}

describe('wall-clock time in an offered zone', () => {
  it('reads a time in Sydney, Perth and Auckland as the right instant', () => {
    expect(instantOfLocal('2026-11-21T10:00', 'Australia/Sydney')).toEqual({ instant: new Date('2026-11-20T23:00:00Z') });
    expect(instantOfLocal('2026-11-21T10:00', 'Australia/Perth')).toEqual({ instant: new Date('2026-11-21T02:00:00Z') });
    expect(instantOfLocal('2026-07-01T10:00', 'Pacific/Auckland')).toEqual({ instant: new Date('2026-06-30T22:00:00Z') });
  });

  it('finds the hour the clocks skip (Sydney 4 Oct 2026, Auckland 27 Sep 2026, Chatham 2:45-3:45)', () => {
    expect(instantOfLocal('2026-10-04T02:30', 'Australia/Sydney')).toEqual({ problem: 'gap' });
    expect(instantOfLocal('2026-10-04T01:59', 'Australia/Sydney')).toEqual({ instant: new Date('2026-10-03T15:59:00Z') });
    expect(instantOfLocal('2026-10-04T03:00', 'Australia/Sydney')).toEqual({ instant: new Date('2026-10-03T16:00:00Z') });
    expect(instantOfLocal('2026-09-27T02:15', 'Pacific/Auckland')).toEqual({ problem: 'gap' });
    expect(instantOfLocal('2026-09-27T02:50', 'Pacific/Chatham')).toEqual({ problem: 'gap' });
    // Brisbane keeps no daylight saving.
    expect(instantOfLocal('2026-10-04T02:30', 'Australia/Brisbane')).toEqual({ instant: new Date('2026-10-03T16:30:00Z') });
  });

  it('takes the first (daylight) occurrence of the hour that happens twice', () => {
    expect(instantOfLocal('2026-04-05T02:30', 'Australia/Sydney')).toEqual({ instant: new Date('2026-04-04T15:30:00Z') });
  });

  it('refuses unreadable text and impossible dates', () => {
    for (const text of ['', '21/11/2026 10:00', '2026-02-30T10:00', '2026-11-21T25:00', '2026-11-21']) expect(instantOfLocal(text, 'Australia/Sydney')).toEqual({ problem: 'invalid' });
  });

  it('shows an instant back in its zone', () => {
    expect(localOfInstant('2026-11-20T23:00:00Z', 'Australia/Sydney')).toBe('2026-11-21T10:00');
    expect(localOfInstant('2026-11-20T23:00:00Z', 'Australia/Perth')).toBe('2026-11-21T07:00');
    expect(localOfInstant(null, 'Australia/Sydney')).toBe('');
    expect(timeInZone('2026-11-20T23:00:00Z')).toBe('10:00 AM AEDT');
    expect(timeInZone('2026-07-01T00:00:00Z', 'Australia/Perth')).toBe('08:00 AM AWST');
  });
});

describe('scheduleRowIssues', () => {
  it('passes a complete practical schedule at a venue', () => {
    expect(scheduleRowIssues(row(), { invigilated: false }, NOW)).toEqual({});
  });

  it('says what is missing, field by field', () => {
    const issues = scheduleRowIssues(row({ examKind: null, scheduledLocal: '', durationMinutes: null, venueId: null, examinerId: null }), { invigilated: true }, NOW);
    expect(issues).toEqual({
      scheduledLocal: SCHEDULE_MESSAGES.dateRequired,
      examKind: SCHEDULE_MESSAGES.kindRequired,
      durationMinutes: SCHEDULE_MESSAGES.durationRequired,
      examinerId: SCHEDULE_MESSAGES.examinerRequired,
      invigilatorId: SCHEDULE_MESSAGES.invigilatorRequired,
    });
  });

  it('needs a venue or a test centre for every kind but Online, and not both', () => {
    for (const kind of ['Practical', 'Oral', 'Pen & Paper', 'Practical & Oral'] as const) {
      expect(scheduleRowIssues(row({ examKind: kind, venueId: null }), { invigilated: false }, NOW).venueId).toBe(SCHEDULE_MESSAGES.placeRequired(kind));
      expect(scheduleRowIssues(row({ examKind: kind, venueId: null, testingAgencyId: ID }), { invigilated: false }, NOW)).toEqual({});
    }
    expect(scheduleRowIssues(row({ testingAgencyId: ID }), { invigilated: false }, NOW).venueId).toBe(SCHEDULE_MESSAGES.placeBoth);
  });

  it('needs the published test for Online, where the venue is optional', () => {
    expect(scheduleRowIssues(row({ examKind: 'Online', venueId: null }), { invigilated: false }, NOW)).toEqual({ examDefinitionId: SCHEDULE_MESSAGES.testRequired });
    expect(scheduleRowIssues(row({ examKind: 'Online', venueId: null, examDefinitionId: ID }), { invigilated: false }, NOW)).toEqual({});
    expect(scheduleRowIssues(row({ examDefinitionId: ID }), { invigilated: false }, NOW)).toEqual({ examDefinitionId: SCHEDULE_MESSAGES.testOnlyOnline });
  });

  it('refuses the past, unreadable text, a skipped hour and odd durations', () => {
    expect(scheduleRowIssues(row({ scheduledLocal: '2026-05-31T09:00' }), { invigilated: false }, NOW).scheduledLocal).toBe(SCHEDULE_MESSAGES.inPast);
    expect(scheduleRowIssues(row({ scheduledLocal: 'next Tuesday' }), { invigilated: false }, NOW).scheduledLocal).toBe('Invalid Time Format');
    expect(scheduleRowIssues(row({ scheduledLocal: '2026-10-04T02:30' }), { invigilated: false }, NOW).scheduledLocal).toBe(
      '2026-10-04 02:30 does not exist in Sydney: the clocks go forward an hour that night. Choose another time',
    );
    for (const durationMinutes of [0, 1.5, 721]) expect(scheduleRowIssues(row({ durationMinutes }), { invigilated: false }, NOW).durationMinutes).toBe(SCHEDULE_MESSAGES.durationRange);
  });
});

describe('requests', () => {
  it('rejects unknown fields, repeated modules and an empty schedule', () => {
    expect(ScheduleSaveRequest.safeParse({ modules: [{ applicationModuleId: ID, extra: 1 }] }).success).toBe(false);
    expect(ScheduleSaveRequest.safeParse({ modules: [{ applicationModuleId: ID }, { applicationModuleId: ID }] }).error?.issues[0]?.message).toBe(SCHEDULE_MESSAGES.duplicateModule);
    expect(ScheduleSaveRequest.safeParse({ modules: [] }).error?.issues[0]?.message).toBe(SCHEDULE_MESSAGES.nothingToSave);
    expect(ScheduleSaveRequest.parse({ modules: [{ applicationModuleId: ID }] }).modules[0]).toMatchObject({ scheduleTimeZone: 'Australia/Sydney', venueId: null });
    expect(ScheduleSaveRequest.safeParse({ modules: [{ applicationModuleId: ID, scheduleTimeZone: 'Europe/London' }] }).error?.issues[0]?.message).toBe(SCHEDULE_MESSAGES.zoneInvalid);
  });

  it('reads percentages from 0 to 100 with two decimals, and none for an absent candidate', () => {
    const parse = (result: string, resultPercentage: unknown) => PostExamUpdateRequest.safeParse({ modules: [{ applicationModuleId: ID, result, resultPercentage }] });
    expect(parse('Pass', '82.55').data?.modules[0]?.resultPercentage).toBe(82.55);
    expect(parse('Fail', 0).success).toBe(true);
    expect(parse('Pass', 100).success).toBe(true);
    for (const bad of ['100.01', '82.555', '-1', 'eighty']) expect(parse('Pass', bad).error?.issues[0]?.message).toBe(RESULT_MESSAGES.percentage);
    expect(parse('Absent', 50).error?.issues[0]?.message).toBe(RESULT_MESSAGES.absentNoPercentage);
    expect(parse('Maybe', null).error?.issues[0]?.message).toBe(RESULT_MESSAGES.resultRequired);
  });

  it('asks for one overall result', () => {
    expect(ResultStageRequest.safeParse({}).error?.issues[0]?.message).toBe(RESULT_MESSAGES.overallRequired);
    expect(ResultStageRequest.parse({ overallResult: 'Awarded' })).toEqual({ overallResult: 'Awarded', note: '' });
  });

  it('limits the public schedule to a readable range', () => {
    expect(PublicScheduleQuery.safeParse({ from: '2026-12-01', to: '2026-11-01' }).error?.issues[0]?.message).toBe(PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom);
    expect(PublicScheduleQuery.safeParse({ from: '2026-01-01', to: '2027-06-01' }).error?.issues[0]?.message).toBe(PUBLIC_SCHEDULE_MESSAGES.rangeTooLong);
    expect(PublicScheduleQuery.safeParse({ venueId: 'online' }).success).toBe(true);
    expect(PublicScheduleQuery.safeParse({ venueId: 'Hall A' }).success).toBe(false);
  });
});

describe('result rules', () => {
  it('suggests Pass at or above the pass percentage', () => {
    expect(suggestedResult(75, 75)).toBe('Pass');
    expect(suggestedResult(74.99, 75)).toBe('Fail');
    expect(suggestedResult(null, 75)).toBeNull();
  });

  it('names the modules that stand in the way of an award', () => {
    expect(modulesNotPassed([{ moduleCode: 'M1', result: 'Pass' }, { moduleCode: 'M2', result: 'Absent' }, { moduleCode: 'M3', result: null }])).toEqual(['M2', 'M3']);
    expect(modulesNotPassed([{ moduleCode: 'M1', result: 'Pass' }])).toEqual([]);
  });

  it('writes a test centre address on one line', () => {
    expect(testCentreAddress({ streetNumber: '12', streetName: 'Foundry Rd', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' })).toBe('12 Foundry Rd, Newcastle NSW 2300, Australia');
    expect(testCentreAddress({ streetNumber: '', streetName: 'Foundry Rd', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' })).toBe('Foundry Rd, Newcastle NSW 2300, Australia');
  });
});
