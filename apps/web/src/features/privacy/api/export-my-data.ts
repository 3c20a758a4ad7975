import { exportFileName } from '@certs/shared/privacy/privacy.contract';
import { downloadFile } from '../../../lib/download-file';

export const MY_DATA_EXPORT_PATH = '/api/privacy/me/export';

/** The signed-in applicant's archive (decision 016), saved under the server's name (`my-data-<day>.zip`). */
export function exportMyData(): Promise<void> {
  return downloadFile(MY_DATA_EXPORT_PATH, exportFileName(new Date().toISOString().slice(0, 10)));
}
