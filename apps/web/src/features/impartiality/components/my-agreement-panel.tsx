import { Alert, Anchor, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { SignedAgreement } from '@certs/shared/impartiality/impartiality.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyAgreements, useSignAgreement } from '../api/agreements';
import { AgreementTextBlock } from './agreement-text';

/**
 * The body's impartiality and confidentiality agreement (issue 43): signed once a year, dated, with
 * the text as it stood kept beside the signature.
 */
export function MyAgreementPanel() {
  const agreements = useMyAgreements();
  const sign = useSignAgreement();
  const [hasAccepted, setHasAccepted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState<SignedAgreement | null>(null);
  const data = agreements.data;

  const submit = async () => {
    if (!data) return;
    setFailure(null);
    try {
      await sign.mutateAsync(data.year);
      notifications.show({ color: 'green', title: 'Agreement signed', message: `Thank you: the ${data.year} agreement is signed.` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="agreement-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="agreement-heading">
            Impartiality and confidentiality agreement{data ? ` ${data.year}` : ''}
          </Title>
          {data && (data.signedThisYear ? <StatusBadge label="Signed" value="signed" color="green" /> : <StatusBadge label="Not signed" value="unsigned" color="red" />)}
        </Group>
        {agreements.error && (
          <Alert color="red" variant="light" title="Not loaded">
            {errorMessageOf(agreements.error)}
          </Alert>
        )}
        {data?.signedThisYear && (
          <Text size="sm">
            You signed the {data.year} agreement on <DateDisplay value={data.signedThisYear.signedOn} withTime />.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setReading(data.signedThisYear)}>
              Read what you signed
            </Anchor>
          </Text>
        )}
        {data && !data.signedThisYear && (
          <Stack gap="sm">
            <Text size="sm">Every member of staff signs the body&apos;s agreement once a year, before taking part in assessments, examinations or decisions.</Text>
            <AgreementTextBlock text={data.text} label={`The ${data.year} agreement`} />
            {failure && (
              <Alert color="red" variant="light" title="Not signed">
                {failure}
              </Alert>
            )}
            <Checkbox label="I have read this agreement and I accept it" checked={hasAccepted} onChange={(event) => setHasAccepted(event.currentTarget.checked)} />
            <Group>
              <Button onClick={() => void submit()} disabled={!hasAccepted} loading={sign.isPending}>
                Sign the {data.year} agreement
              </Button>
            </Group>
          </Stack>
        )}
        {data && data.signed.filter((agreement) => agreement.year !== data.year).length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Earlier years
            </Text>
            <List size="sm" spacing={4}>
              {data.signed
                .filter((agreement) => agreement.year !== data.year)
                .map((agreement) => (
                  <List.Item key={agreement.id}>
                    {agreement.year}: signed on <DateDisplay value={agreement.signedOn} />{' '}
                    <Anchor component="button" type="button" size="sm" onClick={() => setReading(agreement)}>
                      Read
                    </Anchor>
                  </List.Item>
                ))}
            </List>
          </Stack>
        )}
      </Stack>
      <FormDialog opened={reading !== null} title={reading ? `The ${reading.year} agreement as signed` : ''} onClose={() => setReading(null)}>
        {reading && <AgreementTextBlock text={reading.agreementText} label={`The ${reading.year} agreement as signed`} />}
      </FormDialog>
    </Paper>
  );
}
