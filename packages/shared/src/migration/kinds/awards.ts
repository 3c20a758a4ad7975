/** `awards`: one award as issued; the holder by email (their names create them when new). */
export const AWARDS_FILE = {
  columns: ['email', 'firstName', 'lastName', 'programCode', 'certificateNumber', 'awardedOn', 'expiresOn', 'status', 'statusReason', 'listedInRegister'],
  required: ['email', 'firstName', 'lastName', 'programCode', 'certificateNumber', 'awardedOn', 'status'],
} as const;
