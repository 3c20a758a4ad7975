import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CONTACT_MESSAGES, ContactMessageRequest, type ContactAccount } from '@certs/shared/contact/contact.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

export type ContactFormValues = { name: string; email: string; phoneNumber: string; message: string; account?: string };

const validateFields = zod4Resolver(ContactMessageRequest, { errorPriority: 'first' });

interface ContactFormProps {
  initialValues: ContactFormValues;
  /**
   * The phone on the sender's profile (issue 45 item 17): the form then does not ask for it and the
   * server keeps the profile's with the message. Without one the Phone Number field is required.
   */
  profilePhone?: string;
  /** The awarding bodies on the platform: with several, the sender chooses one (issue 40); with one, no choice shows. */
  accounts?: readonly ContactAccount[];
  onSubmit: (request: ContactMessageRequest) => Promise<unknown>;
}

/**
 * Name, email, phone and message, all required (spec section 5); "Invalid email" for a bad email.
 * The phone is not asked again of a sender whose profile has one. Where the platform serves
 * several awarding bodies, the body the message is for, required too.
 */
export function ContactForm({ initialValues, profilePhone = '', accounts = [], onSubmit }: ContactFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const offersBodies = accounts.length > 1;
  const asksPhone = !profilePhone.trim();
  const form = useForm<ContactFormValues>({
    initialValues: { ...initialValues, account: initialValues.account ?? '' },
    validate: (values) => ({
      ...validateFields(values),
      ...(asksPhone && !values.phoneNumber.trim() ? { phoneNumber: CONTACT_MESSAGES.phoneRequired } : {}),
      ...(offersBodies && !values.account ? { account: CONTACT_MESSAGES.unknownAccount } : {}),
    }),
  });
  const handleSubmit = async (values: ContactFormValues) => {
    setFailure(null);
    try {
      const { account, phoneNumber, ...fields } = values;
      const withPhone = asksPhone ? { ...fields, phoneNumber } : fields;
      await onSubmit(ContactMessageRequest.parse(offersBodies && account ? { ...withPhone, account } : withPhone));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Contact us">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not send the message">
            {failure}
          </Alert>
        )}
        {offersBodies && (
          <NativeSelect
            label="Awarding body"
            description="The body your message is for"
            required
            withAsterisk
            maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            data={[{ value: '', label: 'Choose the awarding body' }, ...accounts.map((account) => ({ value: account.id, label: account.name }))]}
            {...form.getInputProps('account')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required withAsterisk autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required withAsterisk autoComplete="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        {asksPhone ? (
          <TextInput label="Phone Number" type="tel" required withAsterisk autoComplete="tel" maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }} {...form.getInputProps('phoneNumber')} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="contact-profile-phone">
            We may call you on {profilePhone}, the phone in your profile.
          </Text>
        )}
        <Textarea label="Message" required withAsterisk autosize minRows={5} maxRows={14} {...form.getInputProps('message')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={isSending} loading={isSending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
