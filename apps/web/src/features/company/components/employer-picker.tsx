import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { useCompanyOptions, useEmployer, useRequestCompany, useSetEmployer } from '../api/companies';

const CLAIM_TEXT: Record<EmployerClaimStatus, { color: string; text: (name: string) => string }> = {
  pending: { color: 'orange', text: (name) => `Waiting for ${name} or staff to confirm you work there. Until then it gives you no corporate-member access.` },
  approved: { color: 'green', text: (name) => `Confirmed: you work for ${name}.` },
  declined: { color: 'red', text: (name) => `Your claim to work for ${name} was declined. It gives you no corporate-member access.` },
};

/** Where the applicant's claim to work for the company stands (decision 036). */
function ClaimStatusText({ companyName, status }: { companyName: string; status: EmployerClaimStatus }) {
  const { color, text } = CLAIM_TEXT[status];
  return (
    <Text size="sm" c={color} role="status" maw={480}>
      {text(companyName)}
    </Text>
  );
}

/**
 * The applicant's employer (decision 027): chosen from the active companies, or asked for when it
 * is not listed (staff approve it). The welder qualification's confirmations are mailed to it.
 * Naming it is a claim staff approve or decline (decision 036); its status shows under the choice.
 */
export function EmployerPicker() {
  const employer = useEmployer();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const options = useCompanyOptions(term);
  const setEmployer = useSetEmployer();
  const requestCompany = useRequestCompany();
  const [asking, setAsking] = useState(false);
  const [request, setRequest] = useState({ name: '', contactEmail: '', city: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const current = employer.data?.company ?? null;
  const data = [...(options.data ?? []), ...(current && !(options.data ?? []).some((o) => o.id === current.id) ? [current] : [])].map((c) => ({
    value: c.id,
    label: `${c.name}${c.city ? `, ${c.city}` : ''}${c.active ? '' : ' (waiting for approval)'}`,
  }));

  const choose = async (companyId: string | null) => {
    setFailure(null);
    try {
      await setEmployer.mutateAsync(companyId);
      notifications.show({ color: 'green', title: 'Employer saved', message: companyId ? 'Your employer is saved.' : 'No employer is named.' });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  const ask = async () => {
    setFailure(null);
    try {
      await requestCompany.mutateAsync({ name: request.name, contactEmail: request.contactEmail, city: request.city });
      setAsking(false);
      notifications.show({ color: 'green', title: 'Company requested', message: 'Staff will check and approve it.' });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <Stack gap="sm" aria-labelledby="employer-heading" component="section">
      <Title order={2} size="h3" id="employer-heading">
        Employer
      </Title>
      <Text size="sm" c="dimmed">
        Your employer&apos;s welding coordinator confirms your welder qualification every 6 months.
      </Text>
      {failure && (
        <Alert color="red" variant="light" title="Not saved">
          {failure}
        </Alert>
      )}
      <Select
        label="Employer"
        placeholder="Type to search companies"
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        data={data}
        value={current?.id ?? null}
        onChange={(value) => void choose(value)}
        nothingFoundMessage="No company found: ask for it below"
        maw={480}
      />
      {current && employer.data?.claimStatus && <ClaimStatusText companyName={current.name} status={employer.data.claimStatus} />}
      {asking ? (
        <Stack gap="xs" maw={480}>
          <TextInput label="Company name" required value={request.name} onChange={(e) => setRequest({ ...request, name: e.currentTarget.value })} />
          <TextInput label="Contact email" type="email" required value={request.contactEmail} onChange={(e) => setRequest({ ...request, contactEmail: e.currentTarget.value })} />
          <TextInput label="City" value={request.city} onChange={(e) => setRequest({ ...request, city: e.currentTarget.value })} />
          <Group>
            <Button onClick={() => void ask()} loading={requestCompany.isPending}>
              Ask for this company
            </Button>
            <Button variant="subtle" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAsking(true)}>
            My employer is not listed
          </Button>
        </Group>
      )}
    </Stack>
  );
}
