/**
 * `awards`: one award as issued; the holder by email (their names create them when new).
 * `renewals`: the days it was renewed in the old system, `;` between them (award history lines).
 */
export const AWARDS_FILE = {
  columns: ['email', 'firstName', 'lastName', 'programCode', 'certificateNumber', 'awardedOn', 'expiresOn', 'status', 'statusReason', 'listedInRegister', 'renewals'],
  required: ['email', 'firstName', 'lastName', 'programCode', 'certificateNumber', 'awardedOn', 'status'],
} as const;
