/**
 * `companies`: a company as staff keep it on the company form (the same fields, checks and
 * messages), with this account's corporate membership of it. Companies are shared by every
 * account; the membership is the importing account's own. A row finds its company by
 * `businessNumber` when it has one (an ABN or NZBN, spaces allowed; a company of the same name
 * without a number is then given it), else by its exact `name`, any letter case.
 */
export const COMPANIES_FILE = {
  columns: [
    'name',
    'businessNumber',
    'streetAddress',
    'city',
    'state',
    'postalCode',
    'country',
    'contactName',
    'contactPosition',
    'contactEmail',
    'contactPhone',
    'corporateMemberNumber',
    'membershipStartsOn',
    'membershipEndsOn',
    'active',
  ],
  required: ['name', 'contactEmail'],
} as const;

export const COMPANY_IMPORT_MESSAGES = {
  sameNameTwice: (name: string, count: number) => `${count} companies are named ${name}; give its ABN or NZBN (businessNumber) to say which`,
  duplicateNameInFile: (row: number) => `The same company name without an ABN or NZBN appears on row ${row}`,
  datesNeedNumber: 'corporateMemberNumber is required with membership dates',
  endBeforeStart: 'membershipEndsOn must not be before membershipStartsOn',
  numberOfAnotherName: (number: string, name: string) => `ABN or NZBN ${number} is already the company ${name}`,
} as const;
