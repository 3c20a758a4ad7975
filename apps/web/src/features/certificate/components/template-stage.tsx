import { Box } from '@mantine/core';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { CERTIFICATE_FIELDS, pageSizeOf, type CertificateTemplateField, type TemplateOrientation } from '@certs/shared/certificate/certificate-template.contract';
import { boxOf, clampToPage } from '../model/template-draft';
import { PdfCanvas } from './pdf-canvas';

interface TemplateStageProps {
  orientation: TemplateOrientation;
  fields: CertificateTemplateField[];
  /** The server's preview of the draft: the page as it will print, drawn under the handles. */
  preview: ArrayBuffer | null;
  width: number;
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (index: number, x: number, y: number) => void;
}

/**
 * The page to scale with each placed field as a handle over the live preview: drag a handle with
 * the mouse or touch, or focus it and use the arrow keys (1 point; with Shift, 10 points).
 */
export function TemplateStage({ orientation, fields, preview, width, selected, onSelect, onMove }: TemplateStageProps) {
  const page = pageSizeOf(orientation);
  const scale = width / page.width;
  const height = page.height * scale;
  const drag = useRef<{ index: number; startX: number; startY: number; fieldX: number; fieldY: number } | null>(null);

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    const field = fields[index]!;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, startX: event.clientX, startY: event.clientY, fieldX: field.x, fieldY: field.y };
    onSelect(index);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const moved = clampToPage(orientation, current.fieldX + (event.clientX - current.startX) / scale, current.fieldY + (event.clientY - current.startY) / scale);
    onMove(current.index, moved.x, moved.y);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const field = fields[index]!;
    const moved = clampToPage(orientation, field.x + delta[0]!, field.y + delta[1]!);
    onMove(index, moved.x, moved.y);
  };

  return (
    <Box
      pos="relative"
      w={width}
      h={height}
      style={{ border: '1px solid var(--mantine-color-gray-5)', background: 'white', touchAction: 'none', userSelect: 'none' }}
      data-testid="template-stage"
    >
      <PdfCanvas bytes={preview} width={width} label="Live preview of the certificate with sample values" />
      {fields.map((field, index) => {
        const box = boxOf(field);
        const label = CERTIFICATE_FIELDS[field.field].label;
        const isSelected = index === selected;
        return (
          <div
            key={field.field}
            role="button"
            tabIndex={0}
            aria-label={`${label} at x ${field.x}, y ${field.y}. Drag, or use the arrow keys to move it`}
            aria-pressed={isSelected}
            data-field={field.field}
            title={label}
            onPointerDown={onPointerDown(index)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown(index)}
            onFocus={() => onSelect(index)}
            style={{
              position: 'absolute',
              left: box.left * scale,
              top: box.top * scale,
              width: box.width * scale,
              height: box.height * scale,
              cursor: 'move',
              border: `1px ${isSelected ? 'solid' : 'dashed'} ${isSelected ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-6)'}`,
              background: isSelected ? 'rgba(34, 139, 230, 0.08)' : 'transparent',
              outlineOffset: 2,
            }}
          >
            {isSelected ? (
              <span
                style={{
                  position: 'absolute',
                  top: -15,
                  left: 0,
                  fontSize: 10,
                  lineHeight: '14px',
                  padding: '0 3px',
                  whiteSpace: 'nowrap',
                  color: 'white',
                  background: 'var(--mantine-color-blue-8)',
                }}
              >
                {label}
              </span>
            ) : null}
          </div>
        );
      })}
    </Box>
  );
}
