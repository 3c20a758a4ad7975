import { MODULE_RESULTS } from '../../exam-schedule/exam-schedule.contract';

/**
 * `results`: one sitting of one module, as the old system recorded it: the candidate by email, the
 * program and its module by code, the day it was sat, the result and the mark. A module's sittings
 * in date order are its first attempt and its re-sits, so the re-sit cap and the review window count
 * them (decisions 022, 024).
 */
export const RESULTS_FILE = {
  columns: ['email', 'programCode', 'moduleCode', 'satOn', 'result', 'mark'],
  required: ['email', 'programCode', 'moduleCode', 'satOn', 'result'],
} as const;

export const RESULTS_MESSAGES = {
  unknownPerson: 'No one with this email is on the platform: import them in the applicants file first',
  programWithoutModules: (code: string) => `Program ${code} has no module results (only Qualification and AICIP programs have)`,
  unknownModule: (module: string, program: string) => `Program ${program} has no module ${module}`,
  invalidResult: `result must be one of ${MODULE_RESULTS.join(', ')}`,
  invalidMark: 'mark must be a percentage from 0 to 100, with at most two decimals',
  absentWithMark: 'An Absent result has no mark',
  satInFuture: 'satOn must not be in the future',
  outOfOrder: (row: number) => `Row ${row} has a later or the same sitting of this module: give a module's sittings in the order they were sat`,
  passedInFile: (row: number) => `This module was passed on row ${row}: a passed module is not sat again`,
  passedBefore: (day: string) => `This module was already passed (sat on ${day}): a passed module is not sat again`,
  laterSitting: (day: string) => `A later sitting of this module (sat on ${day}) is already recorded: give a module's sittings in the order they were sat`,
  applicationMoved: (status: string) => `The imported application of these results has moved on since (${status}): its results are no longer imported`,
  otherResult: (day: string, result: string) =>
    `A sitting of this module on ${day} is already recorded as ${result}: undo the import that brought it to change it`,
} as const;
