import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { AWARD_STATUS_LABELS, isAwardValid } from '@certs/shared/award/award-status';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadCertificate, downloadCredential } from '../api/download-award-files';

type Download = 'certificate' | 'credential';

interface AwardDownloadsProps {
  award: Pick<AwardRow, 'id' | 'certificateNumber' | 'status'>;
  /** Staff may download any award's certificate; the holder only a valid one. */
  canDownloadInvalid?: boolean;
}

/**
 * The certificate (PDF) and the credential (JSON) of one award. A certificate that is not valid
 * now (on hold, cancelled, withdrawn, expired) is not offered to its holder as if it were: the
 * row says why instead. The credential carries its own status, which verifiers check.
 */
export function AwardDownloads({ award, canDownloadInvalid = false }: AwardDownloadsProps) {
  const [busy, setBusy] = useState<Download | null>(null);
  const isValid = isAwardValid(award.status);
  const run = async (what: Download) => {
    setBusy(what);
    try {
      await (what === 'certificate' ? downloadCertificate(award) : downloadCredential(award));
    } catch (error) {
      notifications.show({ color: 'red', title: `The ${what} could not be downloaded`, message: errorMessageOf(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {isValid || canDownloadInvalid ? (
        <Button
          size="xs"
          // Filled: a light button's text on a striped row falls just under 4.5:1.
          variant="filled"
          loading={busy === 'certificate'}
          onClick={() => void run('certificate')}
          aria-label={`Download certificate ${award.certificateNumber}`}
        >
          Download certificate
        </Button>
      ) : (
        <Text size="xs" c="dimmed" data-testid="certificate-not-valid">
          {AWARD_STATUS_LABELS[award.status]}: certificate not valid
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        loading={busy === 'credential'}
        onClick={() => void run('credential')}
        aria-label={`Download credential ${award.certificateNumber}`}
      >
        Download credential
      </Button>
    </Group>
  );
}
