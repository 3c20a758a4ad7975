// XMLValidator and XMLBuilder are marked for a move to their own packages; in the pinned 5.12.1 they
// are the same code, kept by the same maintainer, so one dependency serves parse, check and write.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, QUESTION_TYPE_INFO, type QuestionType } from '@certs/shared/question-bank/question-type';
import { detectDocumentType } from '../../platform/storage/file-type';
import { escapeHtml, htmlToPlainText, looksLikeHtml, plainTextToHtml } from './question-text';
import type { EmbeddedFile, EmbeddedImage, ExportedQuestion, ParsedFile, ParsedQuestion } from './question-transfer.types';

type XmlNode = Record<string, unknown>;

export const SUPPORTED_MOODLE_TYPES = ['multichoice', 'truefalse', 'shortanswer', 'essay'] as const;
const DIFFICULTY_TAG = /^difficulty[\s:_-]*(easy|medium|hard)$/i;
/** Subjects after the first travel as `subject:` tags: a Moodle question has one category. */
const SUBJECT_TAG = /^subject:\s*(.+)$/i;
const QUESTION_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Where Moodle points at a file embedded in the same element: `@@PLUGINFILE@@/path/name`. */
const PLUGINFILE_REFERENCE = /@@PLUGINFILE@@(\/[^"'\s<>)]*)/g;

/**
 * The grades Moodle's question editor offers (question/format.php, `get_grade_options`), as
 * percentages; Moodle's own import refuses any other (its default "error" on unmatched grades).
 */
const MOODLE_GRADES = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0,
];
const GRADE_TOLERANCE = 0.00001 * 100;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['question', 'answer', 'tag', 'file', 'hint'].includes(name),
});

/** The text of an element however the parser shaped it: a string, `{ text }` or `{ '#text' }`. */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object') {
    const object = node as XmlNode;
    if ('text' in object) return textOf(object.text);
    if ('#text' in object) return textOf(object['#text']);
  }
  return '';
}

function attributeOf(node: unknown, name: string): string {
  return node && typeof node === 'object' ? textOf((node as XmlNode)[`@_${name}`]) : '';
}

/**
 * A category path as staff named it: Moodle's markers ($course$, top, "Default for ...") dropped,
 * "//" read as a slash inside a name.
 */
export function categorySegments(path: string): string[] {
  const slash = '\u0000';
  return path
    .replace(/\/\//g, slash)
    .split('/')
    .map((segment) => segment.split(slash).join('/').trim())
    .filter((segment) => segment && !/^\$[a-z0-9]+\$$/i.test(segment) && segment.toLowerCase() !== 'top' && !/^default for /i.test(segment));
}

/** The files Moodle embeds in an element (`<file name path encoding="base64">`), by path and name. */
function embeddedFilesOf(node: unknown): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!node || typeof node !== 'object') return files;
  for (const file of asArray((node as XmlNode).file)) {
    const name = attributeOf(file, 'name');
    if (!name) continue;
    const path = attributeOf(file, 'path') || '/';
    files.set(`${path.endsWith('/') ? path : `${path}/`}${name}`, Buffer.from(textOf(file).replace(/\s+/g, ''), 'base64'));
  }
  return files;
}

function decodedReference(reference: string): string {
  try {
    return decodeURIComponent(reference);
  } catch {
    return reference;
  }
}

function fileNameOf(reference: string): string {
  return decodedReference(reference).split('/').pop() || reference;
}

/** Removes what points at an embedded file that is not kept: an image goes, a link keeps its words, other media go. */
function withoutReference(html: string, reference: string): string {
  const at = `@@PLUGINFILE@@${reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  return html
    .replace(new RegExp(`<(audio|video|object)\\b[^>]*>(?:(?!</\\1>)[\\s\\S])*?${at}[\\s\\S]*?</\\1>`, 'gi'), '')
    .replace(new RegExp(`<a\\b[^>]*${at}[^>]*>([\\s\\S]*?)</a>`, 'gi'), '$1')
    .replace(new RegExp(`<(img|source|embed|track)\\b[^>]*${at}[^>]*>`, 'gi'), '')
    .split(`@@PLUGINFILE@@${reference}`)
    .join('');
}

/**
 * Question text as HTML with its embedded images kept: each image Moodle embedded is returned with
 * the reference it is known by in the text, for import to store and point at. Embedded audio,
 * video and other files cannot be shown in a question and are taken out with a warning, as is a
 * reference to a file the question does not carry.
 */
function contentOf(questiontext: unknown, warnings: string[], images: EmbeddedImage[]): string {
  const format = attributeOf(questiontext, 'format') || 'html';
  let text = textOf(questiontext);
  const files = embeddedFilesOf(questiontext);
  const references = [...new Set([...text.matchAll(PLUGINFILE_REFERENCE)].map((match) => match[1] ?? ''))];
  for (const reference of references) {
    const name = fileNameOf(reference);
    const bytes = files.get(decodedReference(reference)) ?? files.get(reference);
    const type = bytes ? detectDocumentType(bytes) : null;
    if (bytes && type && QUESTION_IMAGE_TYPES.has(type)) {
      images.push({ reference: `@@PLUGINFILE@@${reference}`, name, bytes, contentType: type });
    } else {
      warnings.push(
        bytes
          ? `"${name}" was left out: only images (PNG, JPEG, GIF, WebP) can be kept in a question`
          : `"${name}" is not in the file and was left out`,
      );
      text = withoutReference(text, reference);
    }
  }
  if (format === 'markdown') warnings.push('Markdown was read as plain text');
  if (format === 'html' || (format === 'moodle_auto_format' && looksLikeHtml(text))) return withImageSizes(text, warnings);
  return plainTextToHtml(text);
}

const IMG_TAG = /<img\b[^>]*>/gi;
const PIXELS = /^\s*(\d{1,4})(?:\.\d+)?\s*(?:px)?\s*$/i;

function attributeIn(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/**
 * An image's width and height as question content keeps them: whole pixels in the `width` and
 * `height` attributes (where Moodle's editors put them, or in a `style`). A size in other units
 * cannot be kept and is said; an image from elsewhere is dropped by the sanitiser, so said here too.
 */
function withImageSizes(html: string, warnings: string[]): string {
  return html.replace(IMG_TAG, (tag) => {
    const src = attributeIn(tag, 'src') ?? '';
    if (!src.startsWith('@@PLUGINFILE@@')) {
      warnings.push(`An image from outside the file (${excerptOf(src || 'no address')}) was left out: only images the file carries are kept`);
      return tag;
    }
    const style = attributeIn(tag, 'style') ?? '';
    const sizes: string[] = [];
    for (const name of ['width', 'height'] as const) {
      const value = attributeIn(tag, name) ?? new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(style)?.[1] ?? null;
      if (value === null) continue;
      const pixels = PIXELS.exec(value)?.[1];
      if (pixels && Number(pixels) > 0) sizes.push(`${name}="${Number(pixels)}"`);
      else warnings.push(`The ${name} of "${fileNameOf(src.slice('@@PLUGINFILE@@'.length))}" (${value.trim()}) was left out: image sizes are kept in pixels`);
    }
    const bare = tag.replace(/\s(?:width|height|style)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '').replace(/\s*\/?>$/, '');
    return `${bare}${sizes.map((size) => ` ${size}`).join('')}>`;
  });
}

/** Feedback has no place in a question here: what a file carried is named in the preview as dropped. */
function droppedFeedback(question: XmlNode, answers: unknown[], warnings: string[]): void {
  const general = htmlToPlainText(textOf(question.generalfeedback));
  if (general) warnings.push(`General feedback was left out (questions here carry no feedback): "${excerptOf(general)}"`);
  const combined = ['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].filter((name) => htmlToPlainText(textOf(question[name])));
  if (combined.length) warnings.push(`Combined feedback was left out: ${combined.join(', ')}`);
  const perAnswer = answers
    .map((answer) => [answerText(answer), htmlToPlainText(textOf((answer as XmlNode | undefined)?.feedback))] as const)
    .filter(([, feedback]) => feedback);
  if (perAnswer.length) warnings.push(`Feedback on answers was left out: ${perAnswer.map(([option, feedback]) => `${option}: "${excerptOf(feedback)}"`).join('; ')}`);
  for (const answer of answers) {
    if (/@@PLUGINFILE@@|<img\b/i.test(textOf(answer))) warnings.push(`An image in the answer "${answerText(answer)}" was left out: answers are text`);
  }
}

/**
 * What a Moodle question carries beyond its text and answers that has no place here, named in the
 * preview. Moodle's own defaults (a mark of 1; a penalty of 0 or a third) are what every question
 * has unless someone chose otherwise: they are not named, so that the notes which matter stand out.
 */
function droppedSettings(question: XmlNode, warnings: string[]): void {
  const hints = asArray(question.hint).map((hint) => htmlToPlainText(textOf(hint))).filter(Boolean);
  if (hints.length) warnings.push(`Hints were left out (a question here is answered once, without hints): ${hints.map((hint) => `"${excerptOf(hint)}"`).join('; ')}`);
  const mark = Number.parseFloat(textOf(question.defaultgrade));
  if (Number.isFinite(mark) && Math.abs(mark - 1) > 1e-7) warnings.push(`The default mark of ${Number(mark.toFixed(5))} was left out: a test sets the marks of each question it takes`);
  const penalty = Number.parseFloat(textOf(question.penalty));
  if (Number.isFinite(penalty) && penalty !== 0 && Math.abs(penalty - 1 / 3) > 1e-6) {
    warnings.push(`The penalty for each incorrect try (${formatGrade(penalty * 100)}) was left out: a question here is answered once`);
  }
}

function excerptOf(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const formatGrade = (percent: number) => `${Number(percent.toFixed(5))} %`;

/**
 * Moodle's own checks on grades: each one of its grade list, one answer at 100 % for a single
 * answer, and a multiple answer's positive grades adding up to 100 %. Negative grades are valid in
 * Moodle but not kept here (a wrong answer scores nothing): said, not silently lost.
 */
function gradeIssues(answers: unknown[], single: boolean, errors: string[], warnings: string[]): void {
  const grades = answers.map(fractionOf);
  const offList = answers.filter((_, i) => !MOODLE_GRADES.some((grade) => Math.abs(Math.abs(grades[i] ?? 0) - grade) <= GRADE_TOLERANCE));
  for (const answer of offList) errors.push(`The answer "${answerText(answer)}" has a grade of ${formatGrade(fractionOf(answer))}, which Moodle does not allow`);
  const negative = answers.filter((answer) => fractionOf(answer) < 0);
  if (negative.length) warnings.push(`Negative grades were left out (a wrong answer scores nothing here): ${negative.map(answerText).join(', ')}`);
  if (single) {
    if (!grades.some((grade) => Math.abs(grade - 100) <= GRADE_TOLERANCE)) errors.push('One of the answers should have a grade of 100 %, so that a full mark is possible');
  } else {
    const total = grades.filter((grade) => grade > 0).reduce((sum, grade) => sum + grade, 0);
    if (Math.abs(total - 100) > 0.01) errors.push(`The positive grades do not add up to 100 %: they add up to ${formatGrade(total)}`);
  }
}

function answerText(answer: unknown): string {
  const text = textOf(answer);
  const format = attributeOf(answer, 'format');
  return (format === 'html' || looksLikeHtml(text) ? htmlToPlainText(text) : text).trim();
}

function fractionOf(answer: unknown): number {
  const value = Number.parseFloat(attributeOf(answer, 'fraction'));
  return Number.isFinite(value) ? value : 0;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Reads Moodle XML: multichoice (single or multiple), truefalse (single answer), shortanswer (fill
 * in the blank), essay (descriptive). Categories become subjects and tags: the first level of the
 * path is the subject, deeper levels are tags, and the question's own Moodle tags are tags too.
 */
export function parseMoodleXml(content: string): ParsedFile {
  if (/<!DOCTYPE/i.test(content)) return { items: [], fileErrors: ['The file declares a DOCTYPE, which Moodle XML never does; it was not read'] };
  const valid = XMLValidator.validate(content);
  if (valid !== true) return { items: [], fileErrors: [`The file is not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`] };
  const document = parser.parse(content) as XmlNode;
  const quiz = document.quiz;
  if (quiz === undefined) return { items: [], fileErrors: ['This is not a Moodle XML question file: its root element must be <quiz>'] };

  const items: ParsedQuestion[] = [];
  const fileWarnings: string[] = [];
  let category: string[] = [];
  let position = 0;
  let named = 0;
  let numbered = 0;
  // An empty <quiz/> reads as an empty string.
  const questionNodes = quiz && typeof quiz === 'object' ? (quiz as XmlNode).question : undefined;
  for (const node of asArray(questionNodes)) {
    const question = (node ?? {}) as XmlNode;
    const type = attributeOf(question, 'type');
    if (type === 'category') {
      category = categorySegments(textOf(question.category));
      const description = htmlToPlainText(textOf(question.info));
      if (description) {
        fileWarnings.push(`The description of the category "${category.join(' / ') || textOf(question.category)}" was left out (subjects and tags have a title only): "${excerptOf(description)}"`);
      }
      continue;
    }
    position += 1;
    const name = textOf(question.name).trim();
    if (name) named += 1;
    if (textOf(question.idnumber).trim()) numbered += 1;
    items.push(readQuestion(question, type, category, `Question ${position}${name ? ` (${name})` : ''}`));
  }
  // Names and ID numbers are said once for the file: every Moodle question has a name, and each shows under "Where".
  const ofQuestions = (count: number, what: string) => (count === 1 ? `The ${what} of 1 question was` : `The ${what}s of ${count} questions were`);
  if (named) fileWarnings.unshift(`${ofQuestions(named, 'name')} left out: a question here is known by the number the import gives it`);
  if (numbered) fileWarnings.splice(named ? 1 : 0, 0, `${ofQuestions(numbered, 'ID number')} left out, for the same reason`);
  return { items, fileErrors: [], fileWarnings };
}

function readQuestion(question: XmlNode, type: string, category: string[], source: string): ParsedQuestion {
  const errors: string[] = [];
  const warnings: string[] = [];
  let difficulty: string = DEFAULT_DIFFICULTY;
  const tags = [...category.slice(1)];
  const subjects = category.slice(0, 1);
  const images: EmbeddedImage[] = [];
  for (const tag of asArray((question.tags as XmlNode | undefined)?.tag)) {
    const title = textOf(tag).trim();
    const level = DIFFICULTY_TAG.exec(title);
    const subject = SUBJECT_TAG.exec(title)?.[1]?.trim();
    if (level?.[1]) difficulty = DIFFICULTIES.find((d) => d.toLowerCase() === level[1]?.toLowerCase()) ?? difficulty;
    else if (subject) {
      if (!subjects.some((s) => s.toLowerCase() === subject.toLowerCase())) subjects.push(subject);
    } else if (title && !tags.some((t) => t.toLowerCase() === title.toLowerCase())) tags.push(title);
  }
  const parsed: ParsedQuestion = {
    source,
    questionType: null,
    difficulty,
    content: contentOf(question.questiontext, warnings, images),
    images,
    subjects,
    tags,
    canUploadAnswerPaper: false,
    options: [],
    errors,
    warnings,
  };
  const answers = asArray(question.answer);
  if (SUPPORTED_MOODLE_TYPES.some((supported) => supported === type)) {
    droppedFeedback(question, answers, warnings);
    droppedSettings(question, warnings);
  }

  switch (type) {
    case 'multichoice': {
      const single = ['true', '1', ''].includes(textOf(question.single).trim().toLowerCase());
      parsed.questionType = single ? 'General Single Answer' : 'Multiple Answer';
      gradeIssues(answers, single, errors, warnings);
      // A single-answer question's right option carries full marks; a multiple-answer question shares them.
      parsed.options = answers.map((answer) => ({ option: answerText(answer), correctAnswer: single ? fractionOf(answer) >= 100 : fractionOf(answer) > 0 }));
      break;
    }
    case 'truefalse':
      parsed.questionType = 'General Single Answer';
      parsed.options = answers.map((answer) => {
        const text = answerText(answer);
        return { option: /^(true|false)$/i.test(text) ? `${text[0]?.toUpperCase()}${text.slice(1).toLowerCase()}` : text, correctAnswer: fractionOf(answer) >= 100 };
      });
      break;
    case 'shortanswer': {
      parsed.questionType = 'Fill In The Blank';
      const partial = answers.filter((answer) => fractionOf(answer) > 0 && fractionOf(answer) < 100).map(answerText);
      if (partial.length) warnings.push(`Answers with part marks were left out: ${partial.join(', ')}`);
      parsed.options = answers.filter((answer) => fractionOf(answer) >= 100).map((answer) => ({ option: answerText(answer), correctAnswer: true }));
      break;
    }
    case 'essay': {
      parsed.questionType = 'Descriptive';
      const attachments = Number.parseInt(textOf(question.attachments) || '0', 10);
      parsed.canUploadAnswerPaper = attachments !== 0 || textOf(question.responseformat) === 'noinline';
      break;
    }
    case 'description':
      errors.push('A Moodle description is text between questions, not a question: remove it from the file');
      break;
    default:
      errors.push(`Moodle question type "${type || 'unknown'}" is not supported (supported: ${SUPPORTED_MOODLE_TYPES.join(', ')})`);
  }
  if (parsed.options.some((option) => !option.option)) errors.push('An answer has no text');
  parsed.options = parsed.options.filter((option) => option.option);
  return parsed;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: '__cdata',
  // Unformatted: indentation would put white space around CDATA text that Moodle then keeps.
  format: false,
  suppressEmptyNode: false,
});

/** Rich text travels as CDATA (the builder splits any "]]>" inside it). */
function cdata(html: string) {
  return { __cdata: html };
}

function moodleFraction(count: number): string {
  return String(Number((100 / count).toFixed(5)));
}

/** Question text with its stored images embedded as Moodle does: `@@PLUGINFILE@@/name` and a base64 `<file>`. */
function questionTextNode(content: string, images: ReadonlyMap<string, EmbeddedFile>): XmlNode {
  const files: XmlNode[] = [];
  let html = content;
  for (const [src, image] of images) {
    if (!html.includes(`"${src}"`)) continue;
    html = html.split(`"${src}"`).join(`"@@PLUGINFILE@@/${encodeURIComponent(image.name)}"`);
    files.push({ '@_name': image.name, '@_path': '/', '@_encoding': 'base64', '#text': image.bytes.toString('base64') });
  }
  return { '@_format': 'html', text: cdata(html), ...(files.length ? { file: files } : {}) };
}

function exportedQuestion(question: ExportedQuestion, images: ReadonlyMap<string, EmbeddedFile>): XmlNode {
  const info = QUESTION_TYPE_INFO[question.questionType];
  const tags = [...question.tags, ...question.subjects.slice(1).map((subject) => `subject:${subject}`), `difficulty:${question.difficulty}`];
  const common = {
    name: { text: `Q-${question.questionNumber}` },
    questiontext: questionTextNode(question.content, images),
    generalfeedback: { '@_format': 'html', text: '' },
    defaultgrade: '1',
    penalty: '0',
    hidden: '0',
    idnumber: `Q-${question.questionNumber}`,
  };
  const tagNode = { tags: { tag: tags.map((title) => ({ text: title })) } };
  if (info.hasChoices) {
    const single = question.questionType === ('General Single Answer' satisfies QuestionType);
    const correctCount = question.options.filter((option) => option.correctAnswer).length || 1;
    return {
      '@_type': 'multichoice',
      ...common,
      penalty: '0.3333333',
      single: single ? 'true' : 'false',
      shuffleanswers: 'true',
      answernumbering: 'abc',
      answer: question.options.map((option) => ({
        '@_fraction': option.correctAnswer ? (single ? '100' : moodleFraction(correctCount)) : '0',
        '@_format': 'html',
        text: cdata(escapeHtml(option.option)),
        feedback: { '@_format': 'html', text: '' },
      })),
      ...tagNode,
    };
  }
  if (info.hasAcceptedAnswers) {
    return {
      '@_type': 'shortanswer',
      ...common,
      usecase: '0',
      answer: question.options.map((option) => ({ '@_fraction': '100', '@_format': 'moodle_auto_format', text: option.option, feedback: { '@_format': 'html', text: '' } })),
      ...tagNode,
    };
  }
  return {
    '@_type': 'essay',
    ...common,
    responseformat: 'editor',
    responserequired: '1',
    responsefieldlines: '15',
    attachments: question.canUploadAnswerPaper ? '1' : '0',
    attachmentsrequired: '0',
    graderinfo: { '@_format': 'html', text: '' },
    responsetemplate: { '@_format': 'html', text: '' },
    ...tagNode,
  };
}

/**
 * Moodle XML of these questions, grouped in categories named after their first subject. Tags
 * travel as Moodle tags, further subjects as `subject:` tags and the difficulty as a `difficulty:`
 * tag, all of which import reads back.
 */
export function writeMoodleXml(questions: readonly ExportedQuestion[], images: ReadonlyMap<string, EmbeddedFile> = new Map()): string {
  const bySubject = [...questions].sort((a, b) => (a.subjects[0] ?? '').localeCompare(b.subjects[0] ?? '') || a.questionNumber - b.questionNumber);
  const nodes: XmlNode[] = [];
  let current: string | null = null;
  for (const question of bySubject) {
    const subject = question.subjects[0] ?? 'Question bank';
    if (subject !== current) {
      current = subject;
      nodes.push({ '@_type': 'category', category: { text: `$course$/top/${subject.replace(/\//g, '//')}` } });
    }
    nodes.push(exportedQuestion(question, images));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: nodes } }) as string}`;
}
