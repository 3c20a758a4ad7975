// XMLValidator and XMLBuilder are marked for a move to their own packages; in the pinned 5.12.1 they
// are the same code, kept by the same maintainer, so one dependency serves parse, check and write.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, QUESTION_TYPE_INFO, type QuestionType } from '@certs/shared/question-bank/question-type';
import { escapeHtml, htmlToPlainText, looksLikeHtml, plainTextToHtml } from './question-text';
import type { ExportedQuestion, ParsedFile, ParsedQuestion } from './question-transfer.types';

type XmlNode = Record<string, unknown>;

export const SUPPORTED_MOODLE_TYPES = ['multichoice', 'truefalse', 'shortanswer', 'essay'] as const;
const IMAGES_LEFT_OUT = 'Images are left out: images in questions arrive with the platform file storage, in a later release';
const DIFFICULTY_TAG = /^difficulty[\s:_-]*(easy|medium|hard)$/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'question' || name === 'answer' || name === 'tag',
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

/** Question text in any of Moodle's formats, as HTML. */
function contentOf(questiontext: unknown, warnings: string[]): string {
  const format = attributeOf(questiontext, 'format') || 'html';
  const text = textOf(questiontext);
  if (/<img\b|@@PLUGINFILE@@/i.test(text) || (questiontext && typeof questiontext === 'object' && 'file' in (questiontext as XmlNode))) {
    warnings.push(IMAGES_LEFT_OUT);
  }
  if (format === 'html') return text;
  if (format === 'markdown') warnings.push('Markdown was read as plain text');
  if (format === 'moodle_auto_format' && looksLikeHtml(text)) return text;
  return plainTextToHtml(text);
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
  let category: string[] = [];
  let position = 0;
  // An empty <quiz/> reads as an empty string.
  const questionNodes = quiz && typeof quiz === 'object' ? (quiz as XmlNode).question : undefined;
  for (const node of asArray(questionNodes)) {
    const question = (node ?? {}) as XmlNode;
    const type = attributeOf(question, 'type');
    if (type === 'category') {
      category = categorySegments(textOf(question.category));
      continue;
    }
    position += 1;
    const name = textOf(question.name).trim();
    items.push(readQuestion(question, type, category, `Question ${position}${name ? ` (${name})` : ''}`));
  }
  return { items, fileErrors: [] };
}

function readQuestion(question: XmlNode, type: string, category: string[], source: string): ParsedQuestion {
  const errors: string[] = [];
  const warnings: string[] = [];
  let difficulty: string = DEFAULT_DIFFICULTY;
  const tags = [...category.slice(1)];
  for (const tag of asArray((question.tags as XmlNode | undefined)?.tag)) {
    const title = textOf(tag).trim();
    const level = DIFFICULTY_TAG.exec(title);
    if (level?.[1]) difficulty = DIFFICULTIES.find((d) => d.toLowerCase() === level[1]?.toLowerCase()) ?? difficulty;
    else if (title && !tags.some((t) => t.toLowerCase() === title.toLowerCase())) tags.push(title);
  }
  const parsed: ParsedQuestion = {
    source,
    questionType: null,
    difficulty,
    content: contentOf(question.questiontext, warnings),
    subjects: category.slice(0, 1),
    tags,
    canUploadAnswerPaper: false,
    options: [],
    errors,
    warnings,
  };
  const answers = asArray(question.answer);

  switch (type) {
    case 'multichoice': {
      const single = ['true', '1', ''].includes(textOf(question.single).trim().toLowerCase());
      parsed.questionType = single ? 'General Single Answer' : 'Multiple Answer';
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

function exportedQuestion(question: ExportedQuestion): XmlNode {
  const info = QUESTION_TYPE_INFO[question.questionType];
  const tags = [...question.tags, `difficulty:${question.difficulty}`];
  const common = {
    name: { text: `Q-${question.questionNumber}` },
    questiontext: { '@_format': 'html', text: cdata(question.content) },
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
 * travel as Moodle tags and the difficulty as a `difficulty:` tag, which import reads back.
 */
export function writeMoodleXml(questions: readonly ExportedQuestion[]): string {
  const bySubject = [...questions].sort((a, b) => (a.subjects[0] ?? '').localeCompare(b.subjects[0] ?? '') || a.questionNumber - b.questionNumber);
  const nodes: XmlNode[] = [];
  let current: string | null = null;
  for (const question of bySubject) {
    const subject = question.subjects[0] ?? 'Question bank';
    if (subject !== current) {
      current = subject;
      nodes.push({ '@_type': 'category', category: { text: `$course$/top/${subject.replace(/\//g, '//')}` } });
    }
    nodes.push(exportedQuestion(question));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: nodes } }) as string}`;
}
