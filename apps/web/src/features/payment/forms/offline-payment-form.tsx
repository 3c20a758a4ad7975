import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useState } from 'react';
import type { OfferedTimeZone } from '@certs/shared/common/dates';
import { PAYMENT_MESSAGES, PaymentVerifiedRequest } from '@certs/shared/payment/payment.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { DateField } from '../../../components/ui/date-field';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface OfflinePaymentValues {
  reference: string;
  /** The day the money arrived (YYYY-MM-DD in the user's zone); empty for today. */
  paidOn: string;
  note: string;
}

/** The request: a day becomes noon of that day in the user's zone (never "tomorrow" in UTC); blanks are left out. */
export function offlinePaymentRequestOf(values: OfflinePaymentValues, zone: OfferedTimeZone): PaymentVerifiedRequest {
  const request: PaymentVerifiedRequest = { reference: values.reference.trim() };
  if (values.paidOn) {
    const noon = dayjs.tz(`${values.paidOn} 12:00`, zone);
    const now = dayjs();
    request.paidOn = (noon.isAfter(now) ? now : noon).toISOString();
  }
  if (values.note.trim()) request.note = values.note.trim();
  return request;
}

interface OfflinePaymentFormProps {
  amountText: string;
  zone: OfferedTimeZone;
  onSubmit: (request: PaymentVerifiedRequest) => Promise<unknown>;
  onCancel: () => void;
}

/** Staff record a payment that arrived outside the gateway (a bank transfer) with its reference. */
export function OfflinePaymentForm({ amountText, zone, onSubmit, onCancel }: OfflinePaymentFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const today = dayjs().tz(zone).format('YYYY-MM-DD');
  const form = useForm<OfflinePaymentValues>({
    mode: 'controlled',
    initialValues: { reference: '', paidOn: '', note: '' },
    validate: (values) => {
      const parsed = PaymentVerifiedRequest.safeParse(offlinePaymentRequestOf(values, zone));
      if (values.paidOn && values.paidOn > today) return { paidOn: PAYMENT_MESSAGES.paidOnFuture };
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });

  const handleSubmit = async (values: OfflinePaymentValues) => {
    setFailure(null);
    try {
      await onSubmit(offlinePaymentRequestOf(values, zone));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Record offline payment">
      <Stack gap="sm">
        <TextInput label="Payment reference" description={`The bank transfer's reference for ${amountText}`} required withAsterisk maxLength={120} {...form.getInputProps('reference')} />
        <DateField label="Paid on" description="Leave empty for today" max={today} {...form.getInputProps('paidOn')} />
        <Textarea label="Note" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
        {failure && (
          <Alert color="red" variant="light" title="Not recorded" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
