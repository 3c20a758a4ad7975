import { describe, expect, it } from 'vitest';
import { MAIL_PREVIEW_LENGTH, mailPreviewOf } from './mail-preview';

describe('mailPreviewOf', () => {
  it('skips the greeting line and shows the first line that says something', () => {
    expect(mailPreviewOf('Dear Liam,\n\nYour invoice INV-000123 is ready to pay.\n\nRegards')).toBe('Your invoice INV-000123 is ready to pay.');
    expect(mailPreviewOf('Hello Ada\nYour exam is on 12-Mar-2027.')).toBe('Your exam is on 12-Mar-2027.');
    expect(mailPreviewOf('  \nGood morning,\n  Your result is ready.  ')).toBe('Your result is ready.');
  });

  it('takes the greeting off a line that goes on after it', () => {
    expect(mailPreviewOf('Dear Liam, your application Q-000042 was received.')).toBe('your application Q-000042 was received.');
  });

  it('reads markup as text: tags out, blocks as lines, entities read', () => {
    expect(mailPreviewOf('<p>Dear Liam,</p><p>Your <strong>certificate</strong> &amp; card are ready.</p>')).toBe('Your certificate & card are ready.');
    expect(mailPreviewOf('Dear Liam,<br/>Pay by 1&nbsp;March.')).toBe('Pay by 1 March.');
  });

  it('keeps a first line that only looks like a greeting', () => {
    expect(mailPreviewOf('Highlights of your exam results are below.')).toBe('Highlights of your exam results are below.');
  });

  it('is empty when nothing follows the greeting, and shortens a long line', () => {
    expect(mailPreviewOf('Dear Liam,')).toBe('');
    const preview = mailPreviewOf(`Dear Liam,\n${'word '.repeat(60)}`);
    expect(preview.length).toBeLessThanOrEqual(MAIL_PREVIEW_LENGTH);
    expect(preview.startsWith('word word')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
  });
});
