import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { CREDENTIAL_STATUS_PURPOSES, type CredentialPaths } from '@certs/shared/credential/credential.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import { OPEN_BADGES_V3_CONTEXT, VC_V2_CONTEXT, type IssuerProfile } from './credential-issuer';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What an award's credential says. */
export interface CredentialAward {
  id: string;
  programId: string;
  programType: number;
  programCode: string;
  programTitle: string;
  certificateNumber: string;
  awardedOn: string;
  expiresOn: string | null;
  statusListIndex: number;
  holderName: string;
}

/**
 * Open Badges 3.0 achievement types (its AchievementType vocabulary): a Certification or AICIP
 * award is a time-limited, revocable Certification; a Qualification is a Certificate of the trade;
 * a welder qualification is a Certificate too, under the standard it was tested to.
 */
const ACHIEVEMENT_TYPES: Record<ProgramType, string> = {
  [PROGRAM_TYPES.Qualification]: 'Certificate',
  [PROGRAM_TYPES.Certification]: 'Certification',
  [PROGRAM_TYPES.WelderQualification]: 'Certificate',
  [PROGRAM_TYPES.AICIP]: 'Certification',
};

const XSD_DATE_TIME = 'YYYY-MM-DDTHH:mm:ssZ';

/** Dates on awards are the awarding body's days (its account's time zone): valid from the start of the award day to the end of the expiry day. */
function startOfDay(day: string, timeZone: string): string {
  return dayjs.tz(day, timeZone).format(XSD_DATE_TIME);
}
function endOfDay(day: string, timeZone: string): string {
  return dayjs.tz(day, timeZone).add(1, 'day').subtract(1, 'second').format(XSD_DATE_TIME);
}

/** The public verification page of a certificate (the one its QR code opens): the credential's id. */
export function verificationPageOf(publicUrl: string, certificateNumber: string): string {
  return `${publicUrl}/verify/${encodeURIComponent(certificateNumber)}`;
}

/**
 * The award as an unsigned `OpenBadgeCredential` (VC Data Model 2.0 with the Open Badges 3.0.3
 * context): the awarding body as issuer, the holder by name and certificate number, the program as
 * the achievement, and one entry per purpose at the award's index in the body's own status lists.
 */
export function openBadgeCredential(award: CredentialAward, issuer: IssuerProfile, body: { publicUrl: string; paths: CredentialPaths; timeZone: string }) {
  const { publicUrl, paths, timeZone } = body;
  const typeLabel = PROGRAM_TYPE_INFO[award.programType as ProgramType]?.label ?? 'Award';
  const validFrom = startOfDay(award.awardedOn, timeZone);
  return {
    '@context': [VC_V2_CONTEXT, OPEN_BADGES_V3_CONTEXT],
    id: verificationPageOf(publicUrl, award.certificateNumber),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer,
    name: `${award.programTitle} (${award.programCode})`,
    validFrom,
    ...(award.expiresOn ? { validUntil: endOfDay(award.expiresOn, timeZone) } : {}),
    awardedDate: validFrom,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: award.holderName },
        // The certificate number identifies the holder's award on the register and the verification page.
        { type: 'IdentityObject', identityType: 'identifier', hashed: false, identityHash: award.certificateNumber },
      ],
      achievement: {
        id: `urn:uuid:${award.programId}`,
        type: ['Achievement'],
        achievementType: ACHIEVEMENT_TYPES[award.programType as ProgramType] ?? 'Award',
        humanCode: award.programCode,
        name: award.programTitle,
        description: `${typeLabel} ${award.programCode}, ${award.programTitle}, awarded by ${issuer.name}.`,
        criteria: { narrative: `Met the requirements of the ${typeLabel} program ${award.programCode} as assessed and examined by ${issuer.name}.` },
      },
    },
    credentialStatus: CREDENTIAL_STATUS_PURPOSES.map((statusPurpose) => {
      const list = `${publicUrl}${paths.statusList(statusPurpose)}`;
      return {
        id: `${list}#${award.statusListIndex}`,
        type: 'BitstringStatusListEntry',
        statusPurpose,
        statusListIndex: String(award.statusListIndex),
        statusListCredential: list,
      };
    }),
  };
}
