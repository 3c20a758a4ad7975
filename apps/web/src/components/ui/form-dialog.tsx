import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormDialogProps {
  opened: boolean;
  title: string;
  size?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A form in a dialog named by its title. */
export function FormDialog({ opened, title, size = 'lg', onClose, children }: FormDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} radius="md">
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine's header element would read as a second page banner beside the app's own. */}
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{opened && children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
