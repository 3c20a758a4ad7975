import { describe, expect, it } from 'vitest';
import { sanitizeQuestionContent, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor makes and drops scripts, handlers and javascript links', () => {
    const dirty = '<p onclick="steal()">I <strong>declare</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org">ok</a></p><img src=x onerror=alert(1)>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>I <strong>declare</strong> <a rel="noopener noreferrer" target="_blank">x</a> <a href="https://example.org" rel="noopener noreferrer" target="_blank">ok</a></p>');
  });
});

describe('sanitizeQuestionContent', () => {
  const key = 'attachments/0b5c7f3e-8a7d-4c1e-9f2a-3d4e5f6a7b8c';
  it('keeps an image of the question-image path with its alt text, and the usual formatting', () => {
    const html = `<p>Name the joint</p><img src="/unauth/questionimage/${key}.png" alt="Fillet weld"><p><img src="/unauth/questionimage/${key}.jpeg"></p>`;
    expect(sanitizeQuestionContent(html)).toBe(
      `<p>Name the joint</p><img src="/unauth/questionimage/${key}.png" alt="Fillet weld" /><p><img src="/unauth/questionimage/${key}.jpeg" /></p>`,
    );
    expect(sanitizeQuestionContent(`<img src="/unauth/questionimage/${key}.webp" alt="x" onerror="alert(1)" style="width:10px">`)).toBe(`<img src="/unauth/questionimage/${key}.webp" alt="x" />`);
  });

  it('keeps an image\'s width and height in whole pixels, and no other size', () => {
    expect(sanitizeQuestionContent(`<img src="/unauth/questionimage/${key}.png" alt="x" width="320" height="240">`)).toBe(`<img src="/unauth/questionimage/${key}.png" alt="x" width="320" height="240" />`);
    for (const size of ['50%', '0', '-1', '10px', '12345', 'auto', '1e3']) {
      expect(sanitizeQuestionContent(`<img src="/unauth/questionimage/${key}.png" width="${size}" height="${size}">`), size).toBe(`<img src="/unauth/questionimage/${key}.png" />`);
    }
  });

  it('drops any other image: javascript and data URLs, other paths and hosts, other types', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://evil.example/x.png',
      `//evil.example/unauth/questionimage/${key}.png`,
      `/unauth/openfile/${key}.png`,
      `/unauth/questionimage/${key}.svg`,
      `/unauth/questionimage/${key}.png?x=1`,
      `/unauth/questionimage/../${key}.png`,
      '',
    ]) {
      expect(sanitizeQuestionContent(`<p>a</p><img src="${src}" alt="x">`), src).toBe('<p>a</p>');
    }
    expect(sanitizeQuestionContent('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeQuestionContent('<p onclick="x()">b<script>alert(1)</script></p>')).toBe('<p>b</p>');
  });

  it('leaves other rich text without images, as before', () => {
    expect(sanitizeRichText(`<img src="/unauth/questionimage/${key}.png">`)).toBe('');
  });
});
