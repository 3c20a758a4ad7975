import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { TESTING_AGENCY_LABELS as L, TestingAgencyRequest, type TestingAgency } from '@certs/shared/venue/venue.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

export type TestingAgencyFormValues = Record<keyof typeof L, string>;

const validate = zod4Resolver(TestingAgencyRequest, { errorPriority: 'first' });
const FIELDS = Object.keys(L) as (keyof typeof L)[];
const OPTIONAL = new Set<keyof typeof L>(['streetNumber', 'alternateEmail']);

export function testingAgencyValuesOf(centre: TestingAgency | null): TestingAgencyFormValues {
  return Object.fromEntries(FIELDS.map((field) => [field, centre?.[field] ?? ''])) as TestingAgencyFormValues;
}

interface TestingAgencyFormProps {
  initialValues: TestingAgencyFormValues;
  submitLabel: string;
  onSubmit: (request: TestingAgencyRequest) => Promise<unknown>;
}

/** A test centre (spec section 3): every field required but street number and alternate email; emails must be valid. */
export function TestingAgencyForm({ initialValues, submitLabel, onSubmit }: TestingAgencyFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TestingAgencyFormValues>({ initialValues, validate });
  const handleSubmit = async (values: TestingAgencyFormValues) => {
    setFailure(null);
    try {
      await onSubmit(TestingAgencyRequest.parse(values));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };
  const input = (field: keyof typeof L, type = 'text') => (
    <TextInput key={field} label={L[field]} type={type} required={!OPTIONAL.has(field)} withAsterisk={!OPTIONAL.has(field)} {...form.getInputProps(field)} />
  );
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Test centre">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('referenceNumber')}
          {input('companyName')}
          {input('streetNumber')}
          {input('streetName')}
          {input('city')}
          {input('state')}
          {input('postalCode')}
          {input('country')}
          {input('phone', 'tel')}
          {input('mobile', 'tel')}
          {input('primaryEmail', 'email')}
          {input('alternateEmail', 'email')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
