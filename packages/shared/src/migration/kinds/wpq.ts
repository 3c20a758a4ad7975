/** `wpq`: NOT BUILT YET (issue 41): its helper defines the fixed columns here. */
export const WPQ_FILE = {
  columns: ['email'],
  required: ['email'],
} as const;
