import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type ReactNode } from 'react';
import { ResendActivationRequest } from '@certs/shared/auth/registration.contract';
import { PERSON_FIELD_LABELS } from '@certs/shared/common/person-fields';
import { errorMessageOf } from '../../../lib/api-client';

interface EmailFormProps {
  submitLabel: string;
  /** Named in the form's accessible name, e.g. "Ask for a new activation link". */
  label: string;
  initialEmail?: string;
  /** Fields shown above the email, e.g. the account type of a password reset. */
  children?: ReactNode;
  onSubmit: (email: string) => Promise<unknown>;
}

const validate = zod4Resolver(ResendActivationRequest);

/** One email field and a button: asks for a new activation or reset link. */
export function EmailForm({ submitLabel, label, initialEmail = '', children, onSubmit }: EmailFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: initialEmail }, validate });
  const handleSubmit = async (values: { email: string }) => {
    setFailure(null);
    try {
      await onSubmit(values.email.trim());
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={label}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not send the link">
            {failure}
          </Alert>
        )}
        {children}
        <TextInput label={PERSON_FIELD_LABELS.email} type="email" required withAsterisk={false} autoComplete="email" {...form.getInputProps('email')} />
        <Button type="submit" disabled={isSending} loading={isSending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
