import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { AGREEMENT_STATUS_FILTERS, AgreementTextRequest, type AgreementRegisterRow } from '@certs/shared/impartiality/impartiality.contract';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDebouncedSearch } from '../../../lib/use-paging';
import { useAgreementRegister, useAgreementText, useSaveAgreementText, useSignedAgreement } from '../api/agreements';
import { AgreementTextBlock } from './agreement-text';

const STATUS_LABELS: Record<(typeof AGREEMENT_STATUS_FILTERS)[number], string> = { all: 'Everyone', signed: 'Signed', unsigned: 'Not signed' };

/** The body's agreement text, as staff sign it from now on; signatures keep the text they signed. */
function AgreementTextEditor() {
  const current = useAgreementText();
  const save = useSaveAgreementText();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? current.data?.text ?? '';

  const submit = async () => {
    const parsed = AgreementTextRequest.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      setDraft(null);
      notifications.show({ color: 'green', title: 'Agreement saved', message: 'Staff sign this text from now on.' });
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="agreement-text-heading">
      <Group gap="sm">
        <Title order={3} size="h4" id="agreement-text-heading">
          The agreement&apos;s text
        </Title>
        {current.data?.isDefault && <Badge variant="light" color="gray">Default text</Badge>}
      </Group>
      {current.data && !current.data.isDefault && (
        <Text size="xs" c="dimmed">
          Last changed by {current.data.modifiedBy} on <DateDisplay value={current.data.modifiedOn} />.
        </Text>
      )}
      <Textarea
        label="Text staff sign"
        description="Changing it does not change what anyone signed: each signature keeps the text as it stood."
        autosize
        minRows={8}
        maxRows={20}
        value={text}
        onChange={(event) => setDraft(event.currentTarget.value)}
        error={error}
      />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={draft === null}>
          Save text
        </Button>
        {draft !== null && (
          <Button variant="subtle" onClick={() => setDraft(null)}>
            Discard changes
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Who has signed a year's agreement (this year by default) and who has not, and the text itself: account administrators. */
export function AgreementsRegister({ currentYear }: { currentYear: number }) {
  const [year, setYear] = useState(currentYear);
  const [status, setStatus] = useState<(typeof AGREEMENT_STATUS_FILTERS)[number]>('all');
  const search = useDebouncedSearch();
  const register = useAgreementRegister({ year, status, searchTerm: search.term });
  const [readingId, setReadingId] = useState<string | null>(null);
  const reading = useSignedAgreement(readingId);
  const years = Array.from({ length: 5 }, (_, i) => String(currentYear - i));

  const columns: PagedTableColumn<AgreementRegisterRow>[] = [
    { key: 'name', header: 'Staff member', isRowHeader: true, render: (row) => row.staff.name },
    { key: 'email', header: 'Email', render: (row) => row.staff.email },
    { key: 'role', header: 'Role', render: (row) => ROLE_LABELS[row.role as Role] ?? '-' },
    {
      key: 'signed',
      header: `Signed ${year}`,
      noWrap: true,
      render: (row) =>
        row.signedOn ? (
          <Group gap={6} wrap="nowrap">
            <StatusBadge label="Signed" value="signed" color="green" />
            <DateDisplay value={row.signedOn} />
          </Group>
        ) : (
          <StatusBadge label="Not signed" value="unsigned" color="red" />
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      isAction: true,
      align: 'right',
      render: (row) =>
        row.agreementId ? (
          <Anchor component="button" type="button" size="sm" onClick={() => setReadingId(row.agreementId)} aria-label={`Read what ${row.staff.name} signed`}>
            Read
          </Anchor>
        ) : null,
    },
  ];

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select label="Year" data={years} value={String(year)} onChange={(value) => setYear(Number(value ?? currentYear))} allowDeselect={false} w={120} />
          <Select
            label="Show"
            data={AGREEMENT_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={status}
            onChange={(value) => setStatus((value ?? 'all') as typeof status)}
            allowDeselect={false}
            w={160}
          />
          <SearchInput search={search} placeholder="Name or email" w={260} />
        </Group>
        {register.data && (
          <Text size="sm" role="status">
            {register.data.year}: {register.data.signed} signed, {register.data.unsigned} not signed.
          </Text>
        )}
        {register.error && (
          <Alert color="red" variant="light" title="Not loaded">
            {errorMessageOf(register.error)}
          </Alert>
        )}
        {register.data && register.data.rows.length === 0 && <Text size="sm">Nobody matches.</Text>}
        {register.data && register.data.rows.length > 0 && <DataTable label={`Agreements ${register.data.year}`} columns={columns} rows={register.data.rows} rowKey={(row) => row.staff.userId} minWidth={720} striped />}
      </Stack>
      <AgreementTextEditor />
      <FormDialog opened={readingId !== null} title={reading.data ? `${reading.data.staff.name}: the ${reading.data.year} agreement as signed` : 'Agreement'} onClose={() => setReadingId(null)}>
        {reading.data && (
          <Stack gap="sm">
            <Text size="sm">
              Signed on <DateDisplay value={reading.data.signedOn} withTime />
            </Text>
            <AgreementTextBlock text={reading.data.agreementText} label="The agreement as signed" />
          </Stack>
        )}
        {reading.error && <Alert color="red">{errorMessageOf(reading.error)}</Alert>}
      </FormDialog>
    </Stack>
  );
}
