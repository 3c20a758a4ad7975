import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StaffPaymentType } from '@certs/shared/payment/payment.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useDateFormatter } from '../../../lib/dates';
import { useStaffPaymentActions } from '../api/payments';
import { OfflinePaymentForm } from '../forms/offline-payment-form';

interface StaffPaymentActionsProps {
  /** The route word: an application's modules, a Welder Qualification application or an AICIP renewal's modules. */
  type: StaffPaymentType;
  applicationId: string;
  /** What the route takes when it is not the application (the renewal's id). */
  id?: string;
  /** The amount shown in the offline form, e.g. "$220.00 (INV-000123)". */
  amountText: string;
  /** Paid or a new link sent: the page reads its record again. */
  onMoved?: () => void;
}

/** Staff's "Resend payment link" and "Record offline payment" for an unpaid invoice, with their dialogs. */
export function StaffPaymentActions({ type, applicationId, id, amountText, onMoved }: StaffPaymentActionsProps) {
  const formatter = useDateFormatter();
  const actions = useStaffPaymentActions(type, applicationId, onMoved, id ?? applicationId);
  const [isResending, setResending] = useState(false);
  const [isRecording, setRecording] = useState(false);
  const [note, setNote] = useState('');
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setResending(true)}>
          Resend payment link
        </Button>
        <Button variant="light" onClick={() => setRecording(true)}>
          Record offline payment
        </Button>
      </Group>
      <ConfirmDialog
        opened={isResending}
        title="Resend payment link"
        confirmLabel="Send new link"
        failureTitle="Link not sent"
        onConfirm={async () => {
          const sent = await actions.resend.mutateAsync(note.trim() || undefined);
          notifications.show({ color: 'green', title: 'Payment link sent', message: `The applicant has a new link, open until ${formatter.dateTime(sent.expiresOn)}.` });
          setNote('');
        }}
        onClose={() => setResending(false)}
      >
        <Stack gap="sm">
          <Text>The open link stops working and the applicant is mailed a new one.</Text>
          <Textarea label="Note for the history" value={note} maxLength={1000} onChange={(event) => setNote(event.currentTarget.value)} />
        </Stack>
      </ConfirmDialog>
      <FormDialog opened={isRecording} title="Record offline payment" onClose={() => setRecording(false)}>
        <OfflinePaymentForm
          amountText={amountText}
          zone={formatter.zone}
          onCancel={() => setRecording(false)}
          onSubmit={async (request) => {
            await actions.verify.mutateAsync(request);
            setRecording(false);
            notifications.show({ color: 'green', title: 'Payment recorded', message: `Reference ${request.reference}` });
          }}
        />
      </FormDialog>
    </>
  );
}
