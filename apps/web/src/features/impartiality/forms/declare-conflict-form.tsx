import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { APPLICANT_SEARCH_MIN, CONFLICT_KINDS, IMPARTIALITY_MESSAGES, CONFLICT_KIND_LABELS, DeclareConflictRequest, type ConflictKind } from '@certs/shared/impartiality/impartiality.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useApplicantTargets, useCompanyTargets } from '../api/conflicts';

type Against = 'applicant' | 'company';
interface Values {
  against: Against;
  applicantUserId: string | null;
  companyId: string | null;
  kind: ConflictKind | null;
  details: string;
}

const KIND_OPTIONS = CONFLICT_KINDS.map((kind) => ({ value: kind, label: CONFLICT_KIND_LABELS[kind] }));

/**
 * A declaration of a conflict (issue 43): against one of the account's applicants (searched by name
 * or email) or a company, its kind, and what it is. The server checks the same rules.
 */
export function DeclareConflictForm({ onSubmit }: { onSubmit: (request: DeclareConflictRequest) => Promise<unknown> }) {
  const [values, setValues] = useState<Values>({ against: 'applicant', applicantUserId: null, companyId: null, kind: null, details: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [applicantSearch, setApplicantSearch] = useState('');
  const [companySearch, setCompanySearch] = useState('');
  const [applicantTerm] = useDebouncedValue(applicantSearch, 250);
  const [companyTerm] = useDebouncedValue(companySearch, 250);
  const applicants = useApplicantTargets(values.against === 'applicant' ? applicantTerm : '');
  const companies = useCompanyTargets(values.against === 'company' ? companyTerm : '');
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = {
      applicantUserId: values.against === 'applicant' ? values.applicantUserId : null,
      companyId: values.against === 'company' ? values.companyId : null,
      kind: values.kind ?? undefined,
      details: values.details,
    };
    const parsed = DeclareConflictRequest.safeParse(request);
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [fieldOf(String(issue.path[0] ?? '')), issue.message]));
      // The schema names a missing person or company only once the rest is valid; the form says it at once.
      const hasTarget = values.against === 'applicant' ? !!values.applicantUserId : !!values.companyId;
      setErrors(hasTarget ? found : { target: IMPARTIALITY_MESSAGES.targetRequired, ...found });
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fieldErrors).length > 0) setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [fieldOf(field), message])));
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  const applicantHint = applicantSearch.trim().length < APPLICANT_SEARCH_MIN ? `Type at least ${APPLICANT_SEARCH_MIN} characters of their name or email` : 'Nobody found among the applicants to our programs';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Declare a conflict">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not declared">
            {failure}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="conflict-against-label">
            The conflict is with
          </Text>
          <SegmentedControl
            aria-labelledby="conflict-against-label"
            value={values.against}
            onChange={(value) => setValues((current) => ({ ...current, against: value as Against }))}
            data={[
              { value: 'applicant', label: 'An applicant' },
              { value: 'company', label: 'A company' },
            ]}
          />
        </Stack>
        {values.against === 'applicant' ? (
          <Select
            label="Applicant"
            placeholder="Name or email"
            required
            searchable
            data-autofocus
            searchValue={applicantSearch}
            onSearchChange={setApplicantSearch}
            data={(applicants.data ?? []).map((person) => ({ value: person.userId, label: `${person.name} (${person.email})` }))}
            value={values.applicantUserId}
            onChange={(value) => set('applicantUserId', value)}
            nothingFoundMessage={applicantHint}
            filter={({ options }) => options}
            error={errors.target}
          />
        ) : (
          <Select
            label="Company"
            placeholder="Company name"
            required
            searchable
            searchValue={companySearch}
            onSearchChange={setCompanySearch}
            data={(companies.data ?? []).map((company) => ({ value: company.id, label: `${company.name}${company.city ? `, ${company.city}` : ''}` }))}
            value={values.companyId}
            onChange={(value) => set('companyId', value)}
            nothingFoundMessage="No active company by that name"
            filter={({ options }) => options}
            error={errors.target}
          />
        )}
        <Select label="Kind of conflict" required data={KIND_OPTIONS} value={values.kind} onChange={(value) => set('kind', value as ConflictKind | null)} error={errors.kind} />
        <Textarea
          label="Details"
          description={values.kind === 'other' ? 'Required: say what the conflict is.' : 'What the relationship is, since when (optional).'}
          required={values.kind === 'other'}
          autosize
          minRows={3}
          value={values.details}
          onChange={(event) => set('details', event.currentTarget.value)}
          error={errors.details}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSending}>
            Declare
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Both target fields of the request are one field on the form: the picker shown. */
function fieldOf(field: string): string {
  return field === 'applicantUserId' || field === 'companyId' ? 'target' : field;
}
