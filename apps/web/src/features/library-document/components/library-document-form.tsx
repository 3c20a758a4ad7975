import { Alert, Button, Checkbox, Fieldset, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  LIBRARY_ACCESS_FLAGS,
  LIBRARY_ACCESS_FLAG_LABELS,
  LIBRARY_DOCUMENT_TYPES,
  LibraryDocumentRequest,
  ReviseLibraryDocumentRequest,
  type LibraryAccessFlag,
  type LibraryDocument,
} from '@certs/shared/library-document/library-document.contract';
import { errorMessageOf, ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { useChangeLibraryDocument } from '../api/library-documents';
import { DateField } from '../../../components/ui/date-field';

type Mode = { kind: 'create' } | { kind: 'update'; document: LibraryDocument } | { kind: 'revise'; document: LibraryDocument };

type Values = Record<'documentNumber' | 'documentTitle' | 'documentDate' | 'revision' | 'documentType' | 'comments', string> & Record<LibraryAccessFlag, boolean> & { attachmentId: string };

function initialValues(mode: Mode): Values {
  const document = mode.kind === 'create' ? null : mode.document;
  const flags = Object.fromEntries(LIBRARY_ACCESS_FLAGS.map((flag) => [flag, document ? document[flag] : false])) as Record<LibraryAccessFlag, boolean>;
  return {
    documentNumber: document?.documentNumber ?? '',
    documentTitle: document?.documentTitle ?? '',
    documentDate: mode.kind === 'revise' ? '' : (document?.documentDate ?? ''),
    revision: mode.kind === 'revise' ? '' : (document?.revision ?? ''),
    documentType: document?.documentType ?? '',
    comments: mode.kind === 'revise' ? '' : (document?.comments ?? ''),
    attachmentId: mode.kind === 'update' ? (document?.attachmentId ?? '') : '',
    ...flags,
  };
}

/** The document form (spec section 3): its fields, a file through the uploads, the six access flags; or a new revision. */
export function LibraryDocumentForm({ mode, onDone }: { mode: Mode; onDone: () => void }) {
  const change = useChangeLibraryDocument();
  const [values, setValues] = useState<Values>(() => initialValues(mode));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadState, setUploadState] = useState<{ name: string; percent: number } | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const isRevise = mode.kind === 'revise';

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadState({ name: file.name, percent: 0 });
    try {
      const saved = await uploadFile(file, (percent) => setUploadState({ name: file.name, percent }));
      set('attachmentId', saved.id);
      setErrors((current) => ({ ...current, attachmentId: '' }));
    } catch (error) {
      setErrors((current) => ({ ...current, attachmentId: errorMessageOf(error) }));
      setUploadState(null);
    }
  };

  const submit = () => {
    const schema = isRevise ? ReviseLibraryDocumentRequest : LibraryDocumentRequest;
    const input = isRevise ? { revision: values.revision, documentTitle: values.documentTitle, documentDate: values.documentDate, comments: values.comments, attachmentId: values.attachmentId } : values;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    setErrors({});
    const body = parsed.data as never;
    const request = mode.kind === 'create' ? { kind: 'create' as const, body } : { kind: mode.kind, id: mode.document.id, body };
    change.mutate(request, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      },
    });
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Document Number" required disabled={isRevise} value={values.documentNumber} error={errors.documentNumber} onChange={(event) => set('documentNumber', event.currentTarget.value)} />
        <TextInput label="Revision" required value={values.revision} error={errors.revision} onChange={(event) => set('revision', event.currentTarget.value)} />
        <TextInput label="Document Title" required value={values.documentTitle} error={errors.documentTitle} onChange={(event) => set('documentTitle', event.currentTarget.value)} />
        <DateField label="Document Date" required value={values.documentDate} error={errors.documentDate} onChange={(day) => set('documentDate', day)} />
        {!isRevise && (
          <Select label="Document Type" required data={[...LIBRARY_DOCUMENT_TYPES]} value={values.documentType || null} error={errors.documentType} onChange={(value) => set('documentType', value ?? '')} />
        )}
        <FileInput
          label="File"
          required
          placeholder={mode.kind === 'update' && values.attachmentId === mode.document.attachmentId ? (mode.document.fileName ?? 'Choose a file') : 'Choose a file'}
          description={uploadState ? `${uploadState.name}: ${uploadState.percent}%` : undefined}
          error={errors.attachmentId}
          onChange={(file) => void upload(file)}
        />
      </SimpleGrid>
      <Textarea label="Comments" value={values.comments} error={errors.comments} onChange={(event) => set('comments', event.currentTarget.value)} />
      {!isRevise && (
        <Fieldset legend="Who may read it">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIBRARY_ACCESS_FLAGS.map((flag) => (
              <Checkbox key={flag} label={LIBRARY_ACCESS_FLAG_LABELS[flag]} checked={values[flag]} onChange={(event) => set(flag, event.currentTarget.checked)} />
            ))}
          </SimpleGrid>
          {errors.isForExternalUsers && (
            <Text size="sm" c="red" mt="xs" role="alert">
              {errors.isForExternalUsers}
            </Text>
          )}
        </Fieldset>
      )}
      {isRevise && <Text size="sm">The current revision ({mode.document.revision}) goes to the document&apos;s history.</Text>}
      {change.error && <Alert color="red">{errorMessageOf(change.error)}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={change.isPending} disabled={!!uploadState && uploadState.percent < 100 && !values.attachmentId}>
          {isRevise ? 'Save revision' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}

export type LibraryDocumentFormMode = Mode;
