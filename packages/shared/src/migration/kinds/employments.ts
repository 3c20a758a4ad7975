/**
 * `employments`: a person's employer and their position there. The person is found by `email`
 * (brought in first with the applicants file); the company by `businessNumber` when given, else by
 * its exact `companyName` (brought in first with the companies file). `position` and `startedOn`
 * add the job to the person's experience; `current` Yes (or blank without `endedOn`) makes the
 * company their employer.
 */
export const EMPLOYMENTS_FILE = {
  columns: ['email', 'businessNumber', 'companyName', 'position', 'duties', 'startedOn', 'endedOn', 'current'],
  required: ['email'],
} as const;

export const EMPLOYMENT_IMPORT_MESSAGES = {
  companyRequired: 'Give the company: its businessNumber or its companyName',
  unknownPerson: 'No one on the platform has this email; import them with the applicants file first',
  unknownCompanyByNumber: (number: string) => `No company has ABN or NZBN ${number}; import it with the companies file first`,
  unknownCompanyByName: (name: string) => `No company is named ${name}; import it with the companies file first`,
  sameNameTwice: (name: string, count: number) => `${count} companies are named ${name}; give its ABN or NZBN (businessNumber) to say which`,
  positionWithStart: 'position and startedOn go together: give both to record the job, or neither',
  nothingToRecord: 'Give position and startedOn to record the job, or current Yes to make the company their employer',
  currentWithEnd: 'A current employment has no endedOn; leave endedOn blank or set current to No',
  endBeforeStart: 'endedOn must not be before startedOn',
  startInFuture: 'startedOn must not be in the future',
  secondCurrent: (row: number) => `Row ${row} already gives this person's current employer`,
  sameJobInFile: (row: number) => `The same person, company and startedOn appear on row ${row}`,
} as const;
