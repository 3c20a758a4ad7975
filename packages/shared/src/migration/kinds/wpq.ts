/**
 * `wpq`: one welder qualification record as issued, a row each. The holder by email (their names
 * create them when new); the Welder Qualification program by code; the certificate number as
 * printed (the key: the same number again is the same record). The test piece's variables use the
 * record's own field names and codes, and the range of qualification is the engine's answer for
 * them (as for a record approved here); the designation is kept exactly as issued.
 *
 * `confirmations`: every 6-monthly confirmation made, `;` between them, each
 * `DATE employer|examiner NAME[, POSITION]`, e.g.
 * `2024-03-01 employer Casey Coordinator, Welding coordinator; 2024-09-01 examiner Erin Examiner`.
 * `revalidations` (9.3 b only): the days each revalidation was made (the later production weld's
 * day), `;` between them, e.g. `2026-01-10`.
 */
export const WPQ_FILE = {
  columns: [
    'email',
    'firstName',
    'lastName',
    'programCode',
    'certificateNumber',
    'designation',
    'testDate',
    'issueDate',
    'validityOption',
    'weldingProcess',
    'transferMode',
    'productType',
    'jointType',
    'testPieceThickness',
    'depositThickness',
    'pipeOD',
    'weldingPosition',
    'fillerMaterialGroup',
    'fillerMaterialType',
    'backingAndConsumableInsert',
    'layerTechnique',
    'parentMaterialGroup',
    'directionOfWelding',
    'placeOfTesting',
    'employer',
    'examiner',
    'confirmations',
    'revalidations',
    'listedInRegister',
  ],
  required: [
    'email',
    'firstName',
    'lastName',
    'programCode',
    'certificateNumber',
    'designation',
    'testDate',
    'validityOption',
    'weldingProcess',
    'productType',
    'jointType',
    'testPieceThickness',
    'weldingPosition',
    'fillerMaterialType',
  ],
} as const;

/** The validity options a file may name (ISO 9606-1 9.3), as written on certificates. */
export const WPQ_FILE_VALIDITY_OPTIONS = { '9.3a': '9.3a', '9.3 a': '9.3a', a: '9.3a', '9.3b': '9.3b', '9.3 b': '9.3b', b: '9.3b', '9.3c': '9.3c', '9.3 c': '9.3c', c: '9.3c' } as const;

export const WPQ_FILE_MESSAGES = {
  invalidOption: 'validityOption must be 9.3a, 9.3b or 9.3c',
  testInFuture: 'testDate must not be in the future',
  issueBeforeTest: 'issueDate must not be before testDate',
  issueInFuture: 'issueDate must not be in the future',
  notNumber: (column: string) => `${column} must be a number of millimetres (10 or 10.5)`,
  malformedConfirmation: (entry: string) =>
    `"${entry}" is not a confirmation: write DATE employer|examiner NAME[, POSITION], e.g. 2024-03-01 employer Casey Coordinator, Welding coordinator; separate confirmations with ;`,
  malformedRevalidation: (entry: string) => `"${entry}" is not a date as YYYY-MM-DD or DD-MMM-YYYY; separate revalidations with ;`,
  confirmationInFuture: (date: string) => `The confirmation of ${date} is in the future`,
  confirmationNotAfterTest: (date: string) => `The confirmation of ${date} is not after testDate`,
  samePeriod: (first: string, second: string, dueOn: string) => `The confirmations of ${first} and ${second} are both for the period due ${dueOn}`,
  confirmationAfterEnd: (date: string, endedOn: string) => `The confirmation of ${date} is after the qualification ended on ${endedOn}`,
  revalidationNotB: 'Only a 9.3b qualification is revalidated; leave revalidations blank or use 9.3b',
  revalidationInFuture: (date: string) => `The revalidation of ${date} is in the future`,
  revalidationOutsideWindow: (date: string, from: string, to: string) => `The revalidation of ${date} is not in the last 6 months of validity (after ${from}, up to ${to})`,
  notWelderProgram: (code: string) => `Program ${code} is not a Welder Qualification program`,
  otherDetails: (number: string) => `Certificate number ${number} was imported with other details; undo that import to bring it again`,
} as const;
