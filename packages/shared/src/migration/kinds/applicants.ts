/** `applicants`: a person's profile as the profile form keeps it, and whether they are on the public register. */
export const APPLICANTS_FILE = {
  columns: ['email', 'firstName', 'lastName', 'dateOfBirth', 'phone', 'streetNumber', 'streetName', 'city', 'state', 'postalCode', 'country', 'listedInRegister'],
  required: ['email', 'firstName', 'lastName'],
} as const;
