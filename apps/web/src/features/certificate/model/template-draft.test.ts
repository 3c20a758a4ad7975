import { describe, expect, it } from 'vitest';
import { boxOf, clampToPage, draftOf, requestOf } from './template-draft';

describe('the designer’s field handles', () => {
  it('put a text field’s box above its baseline, anchored by its alignment', () => {
    const left = boxOf({ field: 'certificateNumber', x: 100, y: 200, fontSize: 20, font: 'Helvetica', align: 'left' });
    expect(left).toMatchObject({ left: 100, top: 180, height: 24 });
    const centred = boxOf({ field: 'certificateNumber', x: 100, y: 200, fontSize: 20, font: 'Helvetica', align: 'center' });
    expect(centred.left).toBeCloseTo(100 - centred.width / 2);
    const right = boxOf({ field: 'certificateNumber', x: 100, y: 200, fontSize: 20, font: 'Helvetica', align: 'right' });
    expect(right.left + right.width).toBeCloseTo(100);
  });

  it('draw a QR code square from its top edge', () => {
    expect(boxOf({ field: 'qrCode', x: 600, y: 400, fontSize: 10, font: 'Helvetica', align: 'left', width: 90 })).toEqual({ left: 600, top: 400, width: 90, height: 90 });
  });

  it('keep a dragged field on the page', () => {
    expect(clampToPage('landscape', -20, 900)).toEqual({ x: 0, y: 595.3 });
    expect(clampToPage('portrait', 1000, 12.345)).toEqual({ x: 595.3, y: 12.3 });
  });

  it('send a new upload by id, a removed file as null, and a kept one not at all', () => {
    const draft = { ...draftOf(undefined, []), title: 'T', background: { attachmentId: 'a1', name: 'bg.pdf' }, signature: null };
    expect(requestOf(draft)).toEqual({ title: 'T', orientation: 'landscape', fields: [], background: { attachmentId: 'a1' }, signature: null });
    expect('background' in requestOf({ ...draft, background: undefined }) && requestOf({ ...draft, background: undefined }).background).toBeUndefined();
  });
});
