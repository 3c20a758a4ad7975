import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import {
  CERTIFICATE_FIELDS,
  CERTIFICATE_FONTS,
  FIELD_ALIGNMENTS,
  FONT_SIZE_RANGE,
  IMAGE_WIDTH_RANGE,
  PREFIX_MAX,
  pageSizeOf,
  type CertificateTemplateField,
  type TemplateOrientation,
} from '@certs/shared/certificate/certificate-template.contract';

interface FieldControlsProps {
  field: CertificateTemplateField;
  index: number;
  orientation: TemplateOrientation;
  selected: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<CertificateTemplateField>) => void;
  onSelect: () => void;
  onRemove: () => void;
}

const ALIGN_LABELS = { left: 'Left', center: 'Centre', right: 'Right' } as const;

/** One placed field's position and type settings; the fieldset's legend names the field. */
export function FieldControls({ field, index, orientation, selected, errors, onChange, onSelect, onRemove }: FieldControlsProps) {
  const definition = CERTIFICATE_FIELDS[field.field];
  const page = pageSizeOf(orientation);
  const errorOf = (name: string) => errors[`fields.${index}.${name}`];
  const numberOf = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
  return (
    <fieldset
      onFocus={onSelect}
      style={{
        border: `1px solid ${selected ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`,
        borderRadius: 4,
        padding: '6px 10px 10px',
        margin: 0,
      }}
    >
      <legend style={{ fontWeight: 600, fontSize: 14, padding: '0 4px' }}>{definition.label}</legend>
      {errorOf('field') ? (
        <div role="alert" style={{ color: 'var(--mantine-color-red-8)', fontSize: 13 }}>
          {errorOf('field')}
        </div>
      ) : null}
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NumberInput size="xs" w={80} label="X" min={0} max={page.width} decimalScale={1} value={field.x} error={errorOf('x')} onChange={(value) => onChange({ x: numberOf(value) })} />
        <NumberInput size="xs" w={80} label="Y" min={0} max={page.height} decimalScale={1} value={field.y} error={errorOf('y')} onChange={(value) => onChange({ y: numberOf(value) })} />
        {definition.kind === 'image' ? (
          <NumberInput
            size="xs"
            w={90}
            label="Width"
            min={IMAGE_WIDTH_RANGE.min}
            max={IMAGE_WIDTH_RANGE.max}
            value={field.width ?? 96}
            error={errorOf('width')}
            onChange={(value) => onChange({ width: numberOf(value) })}
          />
        ) : (
          <>
            <NumberInput
              size="xs"
              w={80}
              label="Size"
              min={FONT_SIZE_RANGE.min}
              max={FONT_SIZE_RANGE.max}
              value={field.fontSize}
              error={errorOf('fontSize')}
              onChange={(value) => onChange({ fontSize: numberOf(value) })}
            />
            <Select
              size="xs"
              w={140}
              label="Font"
              data={[...CERTIFICATE_FONTS]}
              value={field.font}
              allowDeselect={false}
              onChange={(value) => value && onChange({ font: value as CertificateTemplateField['font'] })}
            />
            <TextInput
              size="xs"
              w={170}
              label="Text before"
              maxLength={PREFIX_MAX}
              value={field.prefix ?? ''}
              error={errorOf('prefix')}
              onChange={(event) => onChange({ prefix: event.currentTarget.value || undefined })}
            />
          </>
        )}
        <Select
          size="xs"
          w={100}
          label="Alignment"
          data={FIELD_ALIGNMENTS.map((value) => ({ value, label: ALIGN_LABELS[value] }))}
          value={field.align}
          allowDeselect={false}
          onChange={(value) => value && onChange({ align: value as CertificateTemplateField['align'] })}
        />
        <Button size="xs" variant="subtle" color="red" mt={22} onClick={onRemove} aria-label={`Remove ${definition.label}`}>
          Remove
        </Button>
      </Group>
    </fieldset>
  );
}
