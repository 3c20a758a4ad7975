import type { AwardRow } from '@certs/shared/award/award.contract';
import { downloadFile } from '../../../lib/download-file';

type AwardFileSource = Pick<AwardRow, 'id' | 'certificateNumber'>;

/** A file name from the certificate number, safe on every system. */
function fileStemOf(award: AwardFileSource): string {
  return `certificate-${award.certificateNumber.replace(/[^A-Za-z0-9._-]+/g, '-')}`;
}

/** The certificate PDF, with the signed-in user's token (the holder's own, or staff's). */
export function downloadCertificate(award: AwardFileSource): Promise<void> {
  return downloadFile(`/api/award/${encodeURIComponent(award.id)}/certificate`, `${fileStemOf(award)}.pdf`);
}

/** The award as a signed Open Badges credential (JSON). */
export function downloadCredential(award: AwardFileSource): Promise<void> {
  return downloadFile(`/api/award/${encodeURIComponent(award.id)}/credential`, `${fileStemOf(award)}-credential.json`);
}
