import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ConfirmWeldersRequest } from '@certs/shared/employer/confirmations.contract';
import { applyServerErrors } from '../../../lib/server-errors';

interface SignerValues {
  signerName: string;
  signerPosition: string;
  statementAccepted: boolean;
}

const EMPTY: SignerValues = { signerName: '', signerPosition: '', statementAccepted: false };

export const confirmLabel = (count: number) => `Confirm ${count} ${count === 1 ? 'welder' : 'welders'}`;

/**
 * The coordinator signs the confirmation of the welders chosen (issue 42): their name and position,
 * and the statement ticked. The shared request schema checks the form; the server checks that each
 * welder is the company's and due, and confirms all or none.
 */
export function ConfirmWeldersForm({ recordIds, statement, onConfirm }: { recordIds: string[]; statement: string; onConfirm: (request: ConfirmWeldersRequest) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignerValues>({ initialValues: EMPTY, validate: (values) => zod4Resolver(ConfirmWeldersRequest)({ recordIds, ...values }) });
  const selectionError = form.errors.recordIds;
  const handleSubmit = async (values: SignerValues) => {
    setFailure(null);
    try {
      await onConfirm({ recordIds, ...values });
      // The signer stays for the next batch; the statement is ticked again each time.
      form.setFieldValue('statementAccepted', false);
      form.resetDirty();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Confirm the welders chosen">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Nothing was confirmed">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Signer name" required withAsterisk {...form.getInputProps('signerName')} />
          <TextInput label="Signer position" required withAsterisk {...form.getInputProps('signerPosition')} />
        </SimpleGrid>
        <Checkbox label={statement} {...form.getInputProps('statementAccepted', { type: 'checkbox' })} />
        {selectionError && (
          <Alert color="red" variant="light">
            {selectionError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {confirmLabel(recordIds.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
