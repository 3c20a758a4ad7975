import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor makes and drops scripts, handlers and javascript links', () => {
    const dirty = '<p onclick="steal()">I <strong>declare</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org">ok</a></p><img src=x onerror=alert(1)>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>I <strong>declare</strong> <a rel="noopener noreferrer" target="_blank">x</a> <a href="https://example.org" rel="noopener noreferrer" target="_blank">ok</a></p>');
  });
});
