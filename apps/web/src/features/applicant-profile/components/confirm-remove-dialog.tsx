import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../../../lib/api-client';

interface ConfirmRemoveDialogProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** Asks before removing a row; a refusal stays in the dialog with the server's message. */
export function ConfirmRemoveDialog({ opened, title, confirmLabel, onConfirm, onClose, children }: ConfirmRemoveDialogProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const close = () => {
    if (isSending) return;
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    setIsSending(true);
    setRefusal(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setRefusal(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Modal.Root opened={opened} onClose={close} radius="md" size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            {children}
            {refusal && (
              <Alert color="red" variant="light" title="Could not remove it">
                <Text size="sm">{refusal}</Text>
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSending}>
                Cancel
              </Button>
              <Button color="red.9" onClick={() => void confirm()} loading={isSending}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
