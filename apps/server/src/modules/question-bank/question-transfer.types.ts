import { QUESTION_TYPES, type QuestionType } from '@certs/shared/question-bank/question-type';

/** An image a Moodle file embeds in question text, known there by `reference` (`@@PLUGINFILE@@/name`). */
export interface EmbeddedImage {
  reference: string;
  name: string;
  bytes: Buffer;
  contentType: string;
}

/** A file to embed in an export, by the name it gets there. */
export interface EmbeddedFile {
  name: string;
  bytes: Buffer;
}

/** A question as read from a file, before the bank's rules are applied. */
export interface ParsedQuestion {
  /** Where staff find it in their file: "Row 4", "Question 7 (name)". */
  source: string;
  questionType: QuestionType | null;
  difficulty: string;
  /** HTML, not yet sanitised. */
  content: string;
  subjects: string[];
  tags: string[];
  canUploadAnswerPaper: boolean;
  options: { option: string; correctAnswer: boolean }[];
  /** Images to store with the question, replacing their references in `content` (Moodle only). */
  images?: EmbeddedImage[];
  errors: string[];
  warnings: string[];
}

export interface ParsedFile {
  items: ParsedQuestion[];
  /** The file as a whole could not be read. */
  fileErrors: string[];
  /** What the file carries that the bank keeps nowhere, said once for the file (Moodle: names, category descriptions). */
  fileWarnings?: string[];
}

/** A question of the bank as the exporters write it. */
export interface ExportedQuestion {
  questionNumber: number;
  version: number;
  questionType: QuestionType;
  difficulty: string;
  content: string;
  subjects: string[];
  tags: string[];
  canUploadAnswerPaper: boolean;
  options: { option: string; correctAnswer: boolean }[];
}

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const TYPE_ALIASES: Record<string, QuestionType> = {
  ...Object.fromEntries(QUESTION_TYPES.map((type) => [normalize(type), type])),
  single: 'General Single Answer',
  singleanswer: 'General Single Answer',
  multiple: 'Multiple Answer',
  multipleanswers: 'Multiple Answer',
  essay: 'Descriptive',
  fillin: 'Fill In The Blank',
  fillblank: 'Fill In The Blank',
  fillintheblanks: 'Fill In The Blank',
};

/** A type as people write it ("Single", "fill in the blank") to the bank's name, or null. */
export function matchQuestionType(text: string): QuestionType | null {
  return TYPE_ALIASES[normalize(text)] ?? null;
}

export function normalizeHeader(text: string): string {
  return normalize(text);
}

/** Titles separated by ";" (or new lines), trimmed, without blanks or repeats (whatever their case). */
export function splitTitles(text: string): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const part of text.split(/[;\n]/)) {
    const title = part.trim();
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    titles.push(title);
  }
  return titles;
}
