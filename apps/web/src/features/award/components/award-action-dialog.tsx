import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AWARD_ACTIONS, AWARD_STATUS_LABELS, type AwardAction } from '@certs/shared/award/award-status';
import { awardActionRequest } from '@certs/shared/award/award.contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

/** What each action does, in the words staff read before confirming (colours at shades white text reads on). */
const ACTION_TEXT: Record<AwardAction, { title: string; confirm: string; color: string; effect: string }> = {
  hold: {
    title: 'Put the award on hold',
    confirm: 'Put on hold',
    color: 'indigo',
    effect: 'While on hold, the certificate and the credential are not valid and the public register shows the award as on hold. It can be released later.',
  },
  release: { title: 'Release the award', confirm: 'Release', color: 'indigo', effect: 'The award is current again: its certificate and credential are valid.' },
  cancel: {
    title: 'Cancel the award',
    confirm: 'Cancel award',
    color: 'red.9',
    effect: 'A cancelled award stays cancelled: its certificate and credential are revoked and the register shows it as cancelled.',
  },
  withdraw: {
    title: 'Withdraw the award',
    confirm: 'Withdraw',
    color: 'red.9',
    effect: 'A withdrawn award stays withdrawn: its certificate and credential are revoked and the register shows it as withdrawn.',
  },
};

interface AwardActionDialogProps {
  /** The action asked for; null while the dialog is closed. */
  action: AwardAction | null;
  certificateNumber: string;
  onConfirm: (action: AwardAction, reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Hold, Release, Cancel or Withdraw an award, each with its required reason (spec section 5). */
export function AwardActionDialog({ action, certificateNumber, onConfirm, onClose }: AwardActionDialogProps) {
  const text = action ? ACTION_TEXT[action] : null;
  return (
    <FormDialog opened={action !== null} title={text ? `${text.title} ${certificateNumber}` : ''} size="md" onClose={onClose}>
      {action && <ActionForm action={action} onConfirm={onConfirm} onClose={onClose} />}
    </FormDialog>
  );
}

function ActionForm({ action, onConfirm, onClose }: { action: AwardAction; onConfirm: AwardActionDialogProps['onConfirm']; onClose: () => void }) {
  const text = ACTION_TEXT[action];
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const check = (value: string) => {
    const parsed = awardActionRequest(action).safeParse({ reason: value });
    return parsed.success ? { reason: parsed.data.reason, error: null } : { reason: null, error: parsed.error.issues[0]?.message ?? 'Check the reason' };
  };
  const submit = async () => {
    const checked = check(reason);
    setFieldError(checked.error);
    if (checked.reason === null) return;
    setIsSending(true);
    setRefusal(null);
    try {
      await onConfirm(action, checked.reason);
      onClose();
    } catch (error) {
      // The server's own message at the field when it names the reason, else above the buttons.
      if (error instanceof ApiError && error.fieldErrors.reason) setFieldError(error.fieldErrors.reason);
      else setRefusal(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{text.effect}</Text>
        <Text size="sm">
          The award becomes <strong>{AWARD_STATUS_LABELS[AWARD_ACTIONS[action].to]}</strong>; the reason is kept in its history and the holder is told by mail.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={3}
          maxLength={1000}
          value={reason}
          error={fieldError}
          data-autofocus
          onChange={(event) => {
            const value = event.currentTarget.value;
            setReason(value);
            if (fieldError) setFieldError(check(value).error);
          }}
        />
        {refusal && (
          <Alert color="red" variant="light" title="The award was not changed">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {refusal}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {/* "Close", not "Cancel": Cancel is one of the award's own actions. */}
          <Button variant="default" onClick={onClose} disabled={isSending}>
            Close
          </Button>
          <Button type="submit" color={text.color} loading={isSending}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
