import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BACKGROUND_CONTENT_TYPES,
  CERTIFICATE_FIELDS,
  CERTIFICATE_FIELD_NAMES,
  CertificateTemplateRequest,
  DEFAULT_TEMPLATE_FIELDS,
  SIGNATURE_CONTENT_TYPES,
  TITLE_MAX,
  pageSizeOf,
  type CertificateFieldName,
  type CertificateTemplate,
  type CertificateTemplateField,
  type TemplateOrientation,
} from '@certs/shared/certificate/certificate-template.contract';
import { errorMessageOf, ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { fetchPreviewPdf, useSaveCertificateTemplate } from '../api/certificate-templates';
import { draftOf, requestOf, type DraftFile, type TemplateDraft } from '../model/template-draft';
import { FieldControls } from './field-controls';
import { RequirementsChecklist } from './requirements-checklist';
import { TemplateStage } from './template-stage';

const PREVIEW_DELAY_MS = 300;

interface TemplateDesignerProps {
  template?: CertificateTemplate;
  onSaved: (template: CertificateTemplate) => void;
}

/** zod's issues as `path.to.field -> message`, the shape of the server's `fieldErrors`. */
function issuesOf(draft: TemplateDraft): Record<string, string> {
  const parsed = CertificateTemplateRequest.safeParse(requestOf(draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function FileSlot({
  label,
  accept,
  stored,
  value,
  onChange,
  error,
}: {
  label: string;
  accept: readonly string[];
  stored: { contentType: string } | null | undefined;
  value: DraftFile;
  onChange: (value: DraftFile) => void;
  error?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const description = value ? `New file: ${value.name}` : value === null || !stored ? 'None' : `Stored (${stored.contentType.replace('application/', '').replace('image/', '').toUpperCase()})`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <FileButton
          accept={accept.join(',')}
          onChange={async (file) => {
            if (!file) return;
            setUploading(true);
            setUploadError(null);
            try {
              const saved = await uploadFile(file);
              onChange({ attachmentId: saved.id, name: saved.name });
            } catch (caught) {
              setUploadError(errorMessageOf(caught));
            } finally {
              setUploading(false);
            }
          }}
        >
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={uploading} aria-label={`Upload ${label.toLowerCase()}`}>
              Upload
            </Button>
          )}
        </FileButton>
        {value || (value === undefined && stored) ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()}`}>
            Remove
          </Button>
        ) : null}
      </Group>
      {uploadError || error ? (
        <Text size="sm" c="red.8" role="alert">
          {uploadError ?? error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The certificate template designer: title, orientation, background and signature uploads, the
 * page with each field as a handle over the server's live preview, and each field's settings.
 */
export function TemplateDesigner({ template, onSaved }: TemplateDesignerProps) {
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template, DEFAULT_TEMPLATE_FIELDS));
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ message: string; fieldErrors: Record<string, string> } | null>(null);
  const save = useSaveCertificateTemplate();
  const { ref: stageBox, width: available } = useElementSize();

  const page = pageSizeOf(draft.orientation);
  const stageWidth = Math.max(280, Math.min(available || 720, draft.orientation === 'landscape' ? 900 : 640));
  const previewRequest = useMemo(() => ({ ...requestOf(draft), title: draft.title || undefined, templateId: template?.id }), [draft, template?.id]);
  const [debouncedRequest] = useDebouncedValue(previewRequest, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ['certificate-preview', JSON.stringify(debouncedRequest)],
    queryFn: ({ signal }) => fetchPreviewPdf(debouncedRequest, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });

  const clientErrors = showErrors ? issuesOf(draft) : {};
  const errors = { ...clientErrors, ...(serverErrors?.fieldErrors ?? {}) };
  const update = (next: Partial<TemplateDraft>) => {
    setServerErrors(null);
    setDraft((current) => ({ ...current, ...next }));
  };
  const updateField = (index: number, patch: Partial<CertificateTemplateField>) =>
    update({ fields: draft.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)) });
  const unplaced = CERTIFICATE_FIELD_NAMES.filter((name) => !draft.fields.some((field) => field.field === name));

  const addField = () => {
    const name = adding as CertificateFieldName | null;
    if (!name) return;
    const isImage = CERTIFICATE_FIELDS[name].kind === 'image';
    const field: CertificateTemplateField = { field: name, x: Math.round(page.width / 2), y: Math.round(page.height / 2), fontSize: 14, font: 'Helvetica', align: isImage ? 'left' : 'center', ...(isImage ? { width: 96 } : {}) };
    update({ fields: [...draft.fields, field] });
    setSelected(draft.fields.length);
    setAdding(null);
  };

  const onSave = async () => {
    setShowErrors(true);
    if (Object.keys(issuesOf(draft)).length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: template?.id ?? null, request: requestOf(draft) });
      setServerErrors(null);
      setDraft(draftOf(saved, DEFAULT_TEMPLATE_FIELDS));
      onSaved(saved);
    } catch (caught) {
      setServerErrors({ message: errorMessageOf(caught), fieldErrors: caught instanceof ApiError ? caught.fieldErrors : {} });
    }
  };

  const previewError = preview.error ? errorMessageOf(preview.error) : null;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput label="Title" required maxLength={TITLE_MAX} value={draft.title} error={errors.title} onChange={(event) => update({ title: event.currentTarget.value })} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="orientation-label">
              Orientation (A4)
            </Text>
            <SegmentedControl
              aria-labelledby="orientation-label"
              value={draft.orientation}
              onChange={(value) => update({ orientation: value as TemplateOrientation })}
              data={[
                { value: 'landscape', label: 'Landscape' },
                { value: 'portrait', label: 'Portrait' },
              ]}
              w={260}
            />
          </Stack>
          <Group gap="xl" align="flex-start">
            <FileSlot
              label="Background"
              accept={BACKGROUND_CONTENT_TYPES}
              stored={template?.background}
              value={draft.background}
              onChange={(background) => update({ background })}
              error={errors.background}
            />
            <FileSlot
              label="Signature"
              accept={SIGNATURE_CONTENT_TYPES}
              stored={template?.signature}
              value={draft.signature}
              onChange={(signature) => update({ signature })}
              error={errors.signature}
            />
          </Group>
          <Text size="sm" c="dimmed">
            A background is a one-page A4 PDF, or a PNG or JPEG image with the proportions of an A4 page. Without one, the page gets a plain frame.
          </Text>
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h3">
          Page and live preview
        </Title>
        <Text size="sm" c="dimmed">
          Drag a field, or focus it and use the arrow keys (Shift for 10 points). Positions are in points from the top-left corner; the preview shows sample values.
        </Text>
        <div ref={stageBox} style={{ width: '100%' }}>
          <TemplateStage
            orientation={draft.orientation}
            fields={draft.fields}
            preview={preview.data ?? null}
            width={stageWidth}
            selected={selected}
            onSelect={setSelected}
            onMove={(index, x, y) => updateField(index, { x, y })}
          />
        </div>
        <Text size="sm" c={previewError ? 'red.8' : 'dimmed'} role="status" aria-live="polite">
          {previewError ? `Preview not updated: ${previewError}` : preview.isFetching ? 'Updating the preview…' : 'Preview up to date'}
        </Text>
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          Fields
        </Title>
        {draft.fields.map((field, index) => (
          <FieldControls
            key={field.field}
            field={field}
            index={index}
            orientation={draft.orientation}
            selected={index === selected}
            errors={errors}
            onSelect={() => setSelected(index)}
            onChange={(patch) => updateField(index, patch)}
            onRemove={() => {
              update({ fields: draft.fields.filter((_, i) => i !== index) });
              setSelected(null);
            }}
          />
        ))}
        {unplaced.length > 0 ? (
          <Group align="flex-end" gap="xs">
            <Select
              label="Add a field"
              placeholder="Choose a field"
              data={unplaced.map((name) => ({ value: name, label: CERTIFICATE_FIELDS[name].label }))}
              value={adding}
              onChange={setAdding}
              w={240}
            />
            <Button variant="default" onClick={addField} disabled={!adding}>
              Add field
            </Button>
          </Group>
        ) : null}
      </Stack>

      <RequirementsChecklist fields={draft.fields} />

      {serverErrors || (showErrors && Object.keys(clientErrors).length > 0) ? (
        <Alert color="red" title="The template was not saved" role="alert">
          {serverErrors?.message ?? 'Correct the marked settings.'}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onSave} loading={save.isPending}>
          Save template
        </Button>
      </Group>
    </Stack>
  );
}
