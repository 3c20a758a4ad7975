import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api-client';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  confirmColor?: string;
  /** Shown above the server's message when the move is refused. */
  failureTitle: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** Asks before a change that matters; a refusal stays in the dialog with the server's message. */
export function ConfirmDialog({ opened, title, confirmLabel, confirmColor, failureTitle, onConfirm, onClose, children }: ConfirmDialogProps) {
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
        {/* Mantine's header element would read as a second page banner beside the app's own. */}
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
              <Alert color="red" variant="light" title={failureTitle}>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {refusal}
                </Text>
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSending}>
                Cancel
              </Button>
              <Button color={confirmColor} onClick={() => void confirm()} loading={isSending}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
