import { Alert, Button, FileInput, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { COMPETENCE_KINDS, COMPETENCE_KIND_LABELS, CompetenceRequest, type Competence, type CompetenceKind } from '@certs/shared/impartiality/staff-record.contract';
import { DateField } from '../../../components/ui/date-field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';

interface Values {
  kind: CompetenceKind | null;
  title: string;
  issuer: string;
  obtainedOn: string;
  expiresOn: string;
  attachmentId: string | null;
  notes: string;
}

const KIND_OPTIONS = COMPETENCE_KINDS.map((kind) => ({ value: kind, label: COMPETENCE_KIND_LABELS[kind] }));

/** A qualification or training of a staff member: dates, expiry, and its certificate as a file (uploaded the usual way). */
export function CompetenceForm({ competence, onSubmit }: { competence: Competence | null; onSubmit: (request: CompetenceRequest) => Promise<unknown> }) {
  const [values, setValues] = useState<Values>({
    kind: competence?.kind ?? null,
    title: competence?.title ?? '',
    issuer: competence?.issuer ?? '',
    obtainedOn: competence?.obtainedOn ?? '',
    expiresOn: competence?.expiresOn ?? '',
    attachmentId: competence?.file?.id ?? null,
    notes: competence?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const chooseFile = async (file: File | null) => {
    if (!file) {
      set('attachmentId', null);
      setUpload(null);
      return;
    }
    setUpload({ name: file.name, percent: 0 });
    try {
      const saved = await uploadFile(file, (percent) => setUpload({ name: file.name, percent }));
      set('attachmentId', saved.id);
      setErrors((current) => ({ ...current, attachmentId: '' }));
    } catch (error) {
      setUpload(null);
      setErrors((current) => ({ ...current, attachmentId: errorMessageOf(error) }));
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = CompetenceRequest.safeParse({ ...values, kind: values.kind ?? undefined, expiresOn: values.expiresOn || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  const isUploading = !!upload && upload.percent < 100;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Qualification or training">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Kind" required data={KIND_OPTIONS} value={values.kind} onChange={(value) => set('kind', value as CompetenceKind | null)} error={errors.kind} data-autofocus />
          <TextInput label="Title" required value={values.title} onChange={(event) => set('title', event.currentTarget.value)} error={errors.title} />
          <TextInput label="Issued by" value={values.issuer} onChange={(event) => set('issuer', event.currentTarget.value)} error={errors.issuer} />
          <DateField label="Obtained on" required value={values.obtainedOn} onChange={(day) => set('obtainedOn', day)} error={errors.obtainedOn} />
          <DateField label="Expires on" description="Leave empty when it does not expire." value={values.expiresOn} onChange={(day) => set('expiresOn', day)} error={errors.expiresOn} />
          <FileInput
            label="Certificate (file)"
            clearable
            placeholder={competence?.file && values.attachmentId === competence.file.id ? competence.file.name : 'Choose a file'}
            description={upload ? `${upload.name}: ${upload.percent}%` : 'PDF or image, optional.'}
            error={errors.attachmentId}
            onChange={(file) => void chooseFile(file)}
          />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} value={values.notes} onChange={(event) => set('notes', event.currentTarget.value)} error={errors.notes} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSending} disabled={isUploading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
