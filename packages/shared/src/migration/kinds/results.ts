/** `results`: NOT BUILT YET (issue 41): its helper defines the fixed columns here. */
export const RESULTS_FILE = {
  columns: ['email'],
  required: ['email'],
} as const;
