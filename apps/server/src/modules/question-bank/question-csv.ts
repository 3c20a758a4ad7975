import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, CSV_EXPORT_EXTRA_COLUMNS } from '@certs/shared/question-bank/question-transfer.contract';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, MAX_OPTIONS, QUESTION_TYPES, QUESTION_TYPE_INFO } from '@certs/shared/question-bank/question-type';
import { restoreNeutralisedFormula, toCsv } from '../../platform/csv';
import { looksLikeHtml, plainTextToHtml } from './question-text';
import { matchQuestionType, normalizeHeader, splitTitles, type ExportedQuestion, type ParsedFile, type ParsedQuestion } from './question-transfer.types';

const COLUMN_NAMES = CSV_COLUMNS.map((column) => column.name);
const REQUIRED = ['Type', 'Content'] as const;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

type Cells = Record<string, string>;

function readRecords(content: string): { records: string[][] } | { error: string } {
  try {
    const records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }) as string[][];
    return { records };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: `The file could not be read as CSV: ${reason}` };
  }
}

/**
 * Reads the documented layout (`CSV_COLUMNS`). The header names the columns, in any order and
 * case; rows are numbered as a spreadsheet shows them (the header is row 1).
 */
export function parseQuestionCsv(content: string): ParsedFile {
  const read = readRecords(content);
  if ('error' in read) return { items: [], fileErrors: [read.error] };
  const [header, ...rows] = read.records;
  if (!header) return { items: [], fileErrors: ['The file is empty'] };

  const known = new Map(COLUMN_NAMES.map((name) => [normalizeHeader(name), name]));
  known.set('subject', 'Subjects');
  known.set('tag', 'Tags');
  const columnAt = header.map((name) => known.get(normalizeHeader(name)) ?? null);
  const missing = REQUIRED.filter((name) => !columnAt.includes(name));
  if (missing.length) {
    return { items: [], fileErrors: [`The header row needs the columns ${missing.join(' and ')}. Download the template to see the layout.`] };
  }

  const items: ParsedQuestion[] = [];
  rows.forEach((row, index) => {
    if (row.every((cell) => !cell.trim())) return;
    const cells: Cells = {};
    columnAt.forEach((name, i) => {
      // The export quotes text that a spreadsheet would run as a formula (platform/csv.ts): undone here, so files round-trip.
      if (name && cells[name] === undefined) cells[name] = restoreNeutralisedFormula(row[i] ?? '');
    });
    items.push(readRow(cells, `Row ${index + 2}`));
  });
  return { items, fileErrors: [] };
}

function readRow(cells: Cells, source: string): ParsedQuestion {
  const errors: string[] = [];
  const warnings: string[] = [];
  const cell = (name: string) => (cells[name] ?? '').trim();

  const typeText = cell('Type');
  const questionType = typeText ? matchQuestionType(typeText) : null;
  if (!typeText) errors.push('Question Type is required');
  else if (!questionType) errors.push(`Type "${typeText}" is not one of ${QUESTION_TYPES.join(', ')}`);

  const difficultyText = cell('Difficulty');
  const difficulty = difficultyText ? (DIFFICULTIES.find((d) => d.toLowerCase() === difficultyText.toLowerCase()) ?? difficultyText) : DEFAULT_DIFFICULTY;

  const uploadText = cell('Can Upload Answer Paper').toLowerCase();
  if (!YES.has(uploadText) && !NO.has(uploadText)) errors.push(`Can Upload Answer Paper must be Yes or No, not "${cell('Can Upload Answer Paper')}"`);

  const rawContent = cells.Content ?? '';
  const content = looksLikeHtml(rawContent) ? rawContent : plainTextToHtml(rawContent);

  // Options keep the numbers of their columns, so that Correct can name them.
  const numbered: { number: number; option: string }[] = [];
  for (let n = 1; n <= MAX_OPTIONS; n += 1) {
    const text = cell(`Option ${n}`);
    if (text) numbered.push({ number: n, option: text });
  }
  const correctText = cell('Correct');
  const correctNumbers = new Set<number>();
  if (correctText) {
    for (const part of correctText.split(/[;,\s]+/).filter(Boolean)) {
      const n = Number(part);
      if (!Number.isInteger(n) || n < 1 || n > MAX_OPTIONS) {
        errors.push(`Correct must list option numbers such as 2 or 1;3, not "${correctText}"`);
        break;
      }
      if (!numbered.some((option) => option.number === n)) errors.push(`Correct names option ${n}, which is blank`);
      correctNumbers.add(n);
    }
  }
  if (questionType && QUESTION_TYPE_INFO[questionType].hasAcceptedAnswers && correctText) {
    warnings.push('Correct is ignored for Fill In The Blank: every option is an accepted answer');
  }

  return {
    source,
    questionType,
    difficulty,
    content,
    subjects: splitTitles(cells.Subjects ?? ''),
    tags: splitTitles(cells.Tags ?? ''),
    canUploadAnswerPaper: YES.has(uploadText),
    options: numbered.map((option) => ({
      option: option.option,
      correctAnswer: (!!questionType && QUESTION_TYPE_INFO[questionType].hasAcceptedAnswers) || correctNumbers.has(option.number),
    })),
    errors,
    warnings,
  };
}

function rowOf(question: ExportedQuestion): string[] {
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => question.options[i]?.option ?? '');
  const correct = QUESTION_TYPE_INFO[question.questionType].hasChoices
    ? question.options.flatMap((option, i) => (option.correctAnswer ? [String(i + 1)] : [])).join(';')
    : '';
  return [
    question.questionType,
    question.difficulty,
    question.content,
    question.subjects.join('; '),
    question.tags.join('; '),
    question.canUploadAnswerPaper ? 'Yes' : 'No',
    ...options,
    correct,
  ];
}

/** The bank in the documented layout, with the question number and version in front. */
export function writeQuestionCsv(questions: readonly ExportedQuestion[]): string {
  return toCsv(
    questions.map((question) => [String(question.questionNumber), String(question.version), ...rowOf(question)]),
    { columns: [...CSV_EXPORT_EXTRA_COLUMNS, ...COLUMN_NAMES] },
  );
}

const TEMPLATE_EXAMPLES: ExportedQuestion[] = [
  {
    questionNumber: 0,
    version: 0,
    questionType: 'General Single Answer',
    difficulty: 'Easy',
    content: 'Which welding process uses a consumable flux-coated stick electrode?',
    subjects: ['Welding processes'],
    tags: ['MMAW'],
    canUploadAnswerPaper: false,
    options: [
      { option: 'MMAW (SMAW)', correctAnswer: true },
      { option: 'GTAW (TIG)', correctAnswer: false },
      { option: 'SAW', correctAnswer: false },
    ],
  },
  {
    questionNumber: 0,
    version: 0,
    questionType: 'Multiple Answer',
    difficulty: 'Medium',
    content: 'Which of these are planar imperfections?',
    subjects: ['Weld imperfections'],
    tags: ['ISO 6520-1', 'Inspection'],
    canUploadAnswerPaper: false,
    options: [
      { option: 'Lack of fusion', correctAnswer: true },
      { option: 'Crack', correctAnswer: true },
      { option: 'Porosity', correctAnswer: false },
    ],
  },
  {
    questionNumber: 0,
    version: 0,
    questionType: 'Descriptive',
    difficulty: 'Hard',
    content: 'Explain why preheat reduces the risk of hydrogen cracking in carbon-manganese steels.',
    subjects: ['Metallurgy'],
    tags: ['Hydrogen cracking'],
    canUploadAnswerPaper: true,
    options: [],
  },
  {
    questionNumber: 0,
    version: 0,
    questionType: 'Fill In The Blank',
    difficulty: 'Easy',
    content: 'The welding position PA in ISO 6947 is also called the ____ position.',
    subjects: ['Welding positions'],
    tags: ['ISO 6947'],
    canUploadAnswerPaper: false,
    options: [
      { option: 'flat', correctAnswer: true },
      { option: 'downhand', correctAnswer: true },
    ],
  },
];

/** A template to fill in: the header and one example of each type. */
export function questionCsvTemplate(): string {
  return toCsv(TEMPLATE_EXAMPLES.map(rowOf), { columns: COLUMN_NAMES });
}
