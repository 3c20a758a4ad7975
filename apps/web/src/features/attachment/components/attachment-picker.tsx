import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useState } from 'react';
import type { Attachment } from '@certs/shared/attachment/attachment.contract';
import { useMyAttachments } from '../api/find-my-attachments';
import { viewAttachment } from './attachments-table';
import { DocumentUpload } from './document-upload';
import { FileName } from './file-name';

interface AttachmentPickerProps {
  /** What the attached files are for, e.g. "requirement R1"; names the controls. */
  label: string;
  value: readonly string[];
  /** Files already attached (from the saved record), so they show before the list has loaded. */
  known?: readonly Attachment[];
  disabled?: boolean;
  onChange: (ids: string[]) => void;
}

/** Evidence for one answer: files chosen from "Documents", or uploaded here and attached at once. */
export function AttachmentPicker({ label, value, known = [], disabled = false, onChange }: AttachmentPickerProps) {
  const mine = useMyAttachments();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const byId = new Map<string, Attachment>([...known, ...(mine.data ?? [])].map((file) => [file.id, file]));
  const attached = value.map((id) => byId.get(id)).filter((file): file is Attachment => !!file);
  const available = (mine.data ?? []).filter((file) => !value.includes(file.id));

  const attach = (id: string) => {
    if (id && !value.includes(id)) onChange([...value, id]);
    setChoice('');
  };

  return (
    <Stack gap="xs" data-testid="attachment-picker">
      {attached.length > 0 && (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Files attached to ${label}`}>
          {attached.map((file) => (
            <Paper component="li" key={file.id} withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <FileName name={file.name} />
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => viewAttachment(file)} aria-label={`View ${file.name}`}>
                    View
                  </Button>
                  {!disabled && (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="sm"
                      onClick={() => onChange(value.filter((id) => id !== file.id))}
                      aria-label={`Remove ${file.name} from ${label}`}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {attached.length === 0 && disabled && (
        <Text size="sm" c="dimmed">
          No files attached.
        </Text>
      )}
      {!disabled && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            id={selectId}
            label="Attach from Documents"
            size="sm"
            w={260}
            value={choice}
            disabled={available.length === 0}
            data={[
              { value: '', label: available.length === 0 ? 'No other documents' : 'Choose a document' },
              ...available.map((file) => ({ value: file.id, label: file.name })),
            ]}
            onChange={(event) => attach(event.currentTarget.value)}
            aria-label={`Attach from Documents to ${label}`}
          />
          <DocumentUpload label="Upload new" onUploaded={(file) => onChange([...value, file.id])} />
        </Group>
      )}
    </Stack>
  );
}
