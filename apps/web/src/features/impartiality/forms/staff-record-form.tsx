import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { StaffRecordRequest, type StaffRecord } from '@certs/shared/impartiality/staff-record.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCompanyTargets } from '../api/conflicts';

/** A staff member's employer (a company: an applicant it employs is not assigned to them) and position. */
export function StaffRecordForm({ record, onSubmit }: { record: StaffRecord; onSubmit: (request: StaffRecordRequest) => Promise<unknown> }) {
  const [employerCompanyId, setEmployerCompanyId] = useState<string | null>(record.employer?.id ?? null);
  const [position, setPosition] = useState(record.position);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const companies = useCompanyTargets(term);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const options = [
    ...(record.employer && !(companies.data ?? []).some((company) => company.id === record.employer?.id) ? [{ value: record.employer.id, label: record.employer.name }] : []),
    ...(companies.data ?? []).map((company) => ({ value: company.id, label: `${company.name}${company.city ? `, ${company.city}` : ''}` })),
  ];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = StaffRecordRequest.safeParse({ employerCompanyId, position });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Employer and position">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <Select
          label="Employer"
          description="The company they work for, if not the body itself."
          placeholder="Type to search companies"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={employerCompanyId}
          onChange={setEmployerCompanyId}
          filter={({ options: shown }) => shown}
          nothingFoundMessage="No active company by that name"
          error={errors.employerCompanyId}
          data-autofocus
        />
        <TextInput label="Position" value={position} onChange={(event) => setPosition(event.currentTarget.value)} error={errors.position} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
