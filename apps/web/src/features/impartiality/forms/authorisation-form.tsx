import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AuthorisationRequest, type Authorisation } from '@certs/shared/impartiality/staff-record.contract';
import { PROGRAM_USER_ROLE_LABELS, type ProgramUserRole } from '@certs/shared/program/program-user-role';
import { DateField } from '../../../components/ui/date-field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

/**
 * How long a role in a program is authorised, and on what it rests. Past the last day the platform
 * refuses to assign them in that role; no date means no expiry.
 */
export function AuthorisationForm({ authorisation, onSubmit }: { authorisation: Authorisation; onSubmit: (request: AuthorisationRequest) => Promise<unknown> }) {
  const [authorisedUntil, setAuthorisedUntil] = useState(authorisation.authorisedUntil ?? '');
  const [basis, setBasis] = useState(authorisation.authorisationBasis);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = AuthorisationRequest.safeParse({ programId: authorisation.programId, role: authorisation.role, authorisedUntil: authorisedUntil || null, authorisationBasis: basis });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0 && (error.fieldErrors.authorisedUntil || error.fieldErrors.authorisationBasis)) setErrors(error.fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Authorisation">
      <Stack gap="md">
        <Text size="sm">
          {PROGRAM_USER_ROLE_LABELS[authorisation.role as ProgramUserRole] ?? `Role ${authorisation.role}`} in {authorisation.programCode} {authorisation.programTitle}
        </Text>
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <DateField label="Authorised until" description="The last day of the authorisation; empty for no expiry." value={authorisedUntil} onChange={setAuthorisedUntil} error={errors.authorisedUntil} data-autofocus />
        <Textarea label="Basis" description="What the authorisation rests on: a qualification, a witnessed assessment, ..." autosize minRows={2} value={basis} onChange={(event) => setBasis(event.currentTarget.value)} error={errors.authorisationBasis} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
