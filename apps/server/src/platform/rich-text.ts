import sanitizeHtml from 'sanitize-html';

// What the rich-text editor can produce; anything else (scripts, styles, events) is dropped.
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'];

const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Rich text is cleaned once, when staff save it, so that applicants' pages can render it as it is. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, BASE_OPTIONS);
}

/** The only images question content may show: staff uploads served by the question-image path. */
export const QUESTION_IMAGE_SRC = /^\/unauth\/questionimage\/attachments\/[0-9a-f-]{36}\.(png|jpe?g|gif|webp)$/;

/** An image's width or height as the editor and a Moodle import write it: whole pixels, 1 to 9999. */
const IMAGE_SIZE = /^[1-9]\d{0,3}$/;

/** Question content: the same as other rich text, plus `<img src alt width height>` of a question image and nothing else. */
export function sanitizeQuestionContent(html: string): string {
  return sanitizeHtml(html, {
    ...BASE_OPTIONS,
    allowedTags: [...ALLOWED_TAGS, 'img'],
    allowedAttributes: { ...BASE_OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
    transformTags: {
      ...BASE_OPTIONS.transformTags,
      img: (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => (name !== 'width' && name !== 'height') || IMAGE_SIZE.test(value))),
      }),
    },
    allowedSchemesAppliedToAttributes: ['href'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !QUESTION_IMAGE_SRC.test(frame.attribs.src ?? ''),
  });
}
