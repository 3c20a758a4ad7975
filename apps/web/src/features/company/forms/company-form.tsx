import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CompanyRequest, type Company } from '@certs/shared/company/company.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export type CompanyFormValues = {
  name: string;
  businessNumber: string;
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contactName: string;
  contactPosition: string;
  contactEmail: string;
  contactPhone: string;
  corporateMemberNumber: string;
  membershipStartsOn: string;
  membershipEndsOn: string;
  active: boolean;
};

/** Blank dates are none: the contract takes null. */
const toRequest = (values: CompanyFormValues) => ({ ...values, membershipStartsOn: values.membershipStartsOn || null, membershipEndsOn: values.membershipEndsOn || null });
const resolve = zod4Resolver(CompanyRequest, { errorPriority: 'first' });
const validate = (values: CompanyFormValues) => resolve(toRequest(values));

export function companyValuesOf(company: Company | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    businessNumber: company?.businessNumber ?? '',
    streetAddress: company?.streetAddress ?? '',
    city: company?.city ?? '',
    state: company?.state ?? '',
    postalCode: company?.postalCode ?? '',
    country: company?.country ?? 'Australia',
    contactName: company?.contactName ?? '',
    contactPosition: company?.contactPosition ?? '',
    contactEmail: company?.contactEmail ?? '',
    contactPhone: company?.contactPhone ?? '',
    corporateMemberNumber: company?.corporateMemberNumber ?? '',
    membershipStartsOn: company?.membershipStartsOn ?? '',
    membershipEndsOn: company?.membershipEndsOn ?? '',
    active: company?.active ?? true,
  };
}

interface CompanyFormProps {
  initialValues: CompanyFormValues;
  submitLabel: string;
  onSubmit: (request: CompanyRequest) => Promise<unknown>;
  /** The staff member's awarding body, named when the platform has several: the corporate membership is its own. */
  accountName?: string;
}

/** A company (decision 027): ABN or NZBN checked by its check digits, the contact's email (confirmations go there), corporate membership. */
export function CompanyForm({ initialValues, submitLabel, accountName, onSubmit }: CompanyFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompanyFormValues>({ initialValues, validate });
  // The company is shared by every awarding body; the corporate membership on it is the staff member's own body's.
  const memberOf = accountName ? `Of ${accountName}; other awarding bodies keep their own` : undefined;
  const handleSubmit = async (values: CompanyFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toRequest(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const input = (field: Exclude<keyof CompanyFormValues, 'active'>, label: string, options: { type?: string; required?: boolean; description?: string } = {}) =>
    options.type === 'date' ? (
      <DateField key={field} label={label} required={options.required} withAsterisk={options.required} description={options.description} {...form.getInputProps(field)} />
    ) : (
      <TextInput key={field} label={label} type={options.type ?? 'text'} required={options.required} withAsterisk={options.required} description={options.description} {...form.getInputProps(field)} />
    );
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Company">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('name', 'Company Name', { required: true })}
          {input('businessNumber', 'ABN or NZBN', { description: 'ABN: 11 digits; NZBN: 13 digits' })}
          {input('streetAddress', 'Street Address')}
          {input('city', 'City')}
          {input('state', 'State')}
          {input('postalCode', 'Postal Code')}
          {input('country', 'Country')}
          {input('contactName', 'Contact Name')}
          {input('contactPosition', 'Contact Position')}
          {input('contactEmail', 'Contact Email', { type: 'email', required: true, description: 'Welder qualification confirmations are sent here' })}
          {input('contactPhone', 'Contact Phone', { type: 'tel' })}
          {input('corporateMemberNumber', 'Corporate Member Number', { description: memberOf })}
          {input('membershipStartsOn', 'Membership Start', { type: 'date' })}
          {input('membershipEndsOn', 'Membership End', { type: 'date' })}
        </SimpleGrid>
        <Checkbox label="Active (applicants may choose it as their employer)" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
