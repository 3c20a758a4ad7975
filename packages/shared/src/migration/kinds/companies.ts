/** `companies`: NOT BUILT YET (issue 41): its helper defines the fixed columns here. */
export const COMPANIES_FILE = {
  columns: ['email'],
  required: ['email'],
} as const;
