import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { NominateRequest, PURCHASE_ORDER_MAX_LENGTH, type NominationPerson, type NominationProgram } from '@certs/shared/employer/employer-billing.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export type NominateValues = {
  applicantId: string;
  programId: string;
  purchaseOrderNumber: string;
  billingContactName: string;
  billingContactEmail: string;
};

interface NominateFormProps {
  people: readonly NominationPerson[];
  programs: readonly NominationProgram[];
  /** The billing contact proposed (the coordinator themself); they may name another. */
  billingContact: { name: string; email: string };
  onNominate: (request: NominateValues) => Promise<unknown>;
}

/** The programs grouped by their awarding body, as the choice lists them. */
function programOptions(programs: readonly NominationProgram[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const program of programs) {
    const items = groups.get(program.awardingBodyName) ?? [];
    items.push({ value: program.id, label: `${program.programCode} ${program.programTitle}` });
    groups.set(program.awardingBodyName, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * The coordinator nominates one of the company's people for a published program (issue 42): the
 * company pays its invoice, issued with the purchase order and to the billing contact named here;
 * the person completes and submits the application the server starts for them.
 */
export function NominateForm({ people, programs, billingContact, onNominate }: NominateFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues: NominateValues = { applicantId: '', programId: '', purchaseOrderNumber: '', billingContactName: billingContact.name, billingContactEmail: billingContact.email };
  const form = useForm<NominateValues>({ initialValues, validate: zod4Resolver(NominateRequest) });
  const handleSubmit = async (values: NominateValues) => {
    setFailure(null);
    try {
      await onNominate(values);
      form.setValues(initialValues);
      form.resetDirty();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Nominate a person">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Not nominated">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Person"
            placeholder="One of your people"
            required
            withAsterisk
            searchable
            nothingFoundMessage="Nobody of that name among your people"
            data={people.map((person) => ({ value: person.applicantId, label: `${person.firstName} ${person.lastName} (${person.email})` }))}
            {...form.getInputProps('applicantId')}
          />
          <Select label="Program" placeholder="A published program" required withAsterisk searchable nothingFoundMessage="No program matches" data={programOptions(programs)} {...form.getInputProps('programId')} />
          <TextInput label="Purchase Order Number" description="Printed on the tax invoice (optional)" maxLength={PURCHASE_ORDER_MAX_LENGTH} {...form.getInputProps('purchaseOrderNumber')} />
          <div />
          <TextInput label="Billing Contact Name" required withAsterisk {...form.getInputProps('billingContactName')} />
          <TextInput label="Billing Contact Email" type="email" required withAsterisk description="The tax invoice and receipts are mailed here" {...form.getInputProps('billingContactEmail')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Nominate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
