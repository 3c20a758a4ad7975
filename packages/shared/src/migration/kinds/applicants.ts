/**
 * `applicants`: a person's profile as the profile form keeps it, whether they are on the public
 * register, and their membership of the importing body (its type, number and last day).
 */
export const APPLICANTS_FILE = {
  columns: [
    'email',
    'firstName',
    'lastName',
    'dateOfBirth',
    'phone',
    'streetNumber',
    'streetName',
    'city',
    'state',
    'postalCode',
    'country',
    'listedInRegister',
    'membershipType',
    'memberNumber',
    'membershipEndsOn',
  ],
  required: ['email', 'firstName', 'lastName'],
} as const;

/** A membership as the old system names it, and as the body's confirmation keeps it. */
export const LEGACY_MEMBERSHIP_TYPES = { Individual: 'individual', Corporate: 'corporate' } as const;

export const APPLICANT_IMPORT_MESSAGES = {
  invalidMembershipType: `membershipType must be ${Object.keys(LEGACY_MEMBERSHIP_TYPES).join(' or ')}`,
  memberNumberRequired: 'memberNumber is required with a membershipType',
  membershipTypeRequired: 'membershipType is required with a memberNumber or membershipEndsOn',
} as const;
