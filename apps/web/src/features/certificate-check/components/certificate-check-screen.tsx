import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { useCertificateCheck, useCheckCertificates } from '../api/certificate-checks';
import { CertificateCheckForm } from './certificate-check-form';
import { CertificateCheckResults } from './certificate-check-results';
import { PastChecks } from './past-checks';

/**
 * Check certificates (issue 42, decision 038): paste or read numbers, check them, read each
 * number's status as the verification page gives it, download the result; past checks open again.
 */
export function CertificateCheckScreen() {
  const checkCertificates = useCheckCertificates();
  const [shownId, setShownId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = useCertificateCheck(shownId);

  const check = async (numbers: string[]) => {
    setFailure(null);
    try {
      const result = await checkCertificates.mutateAsync(numbers);
      setShownId(result.id);
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <Stack gap="xl">
      <CertificateCheckForm onCheck={check} isChecking={checkCertificates.isPending} />
      {failure && (
        <Alert color="red" variant="light" title="Not checked" role="alert">
          {failure}
        </Alert>
      )}
      {shownId && shown.isPending && (
        <Center>
          <Loader aria-label="Loading the results" />
        </Center>
      )}
      {shown.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(shown.error)}
        </Alert>
      )}
      {shown.data && <CertificateCheckResults check={shown.data} />}
      <PastChecks openId={shownId} onOpen={(summary) => setShownId(summary.id)} />
    </Stack>
  );
}
