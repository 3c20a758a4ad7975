import { randomUUID } from 'node:crypto';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { type WPQ_FILE, WPQ_FILE_MESSAGES as W, WPQ_FILE_VALIDITY_OPTIONS } from '@certs/shared/migration/kinds/wpq';
import { calculateRange } from '@certs/shared/wpq/wpq-range';
import { TestPieceRequest } from '@certs/shared/wpq/wpq.contract';
import type { WpqValidityOption } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqStandard } from '@certs/shared/wpq/wpq-reference';
import {
  VALIDITY_REMINDER_KINDS,
  confirmationPeriod,
  openConfirmation,
  revalidationWindow,
  rulesOfKept,
  validityOfKept,
  validityReminderDates,
  type KeptQualification,
} from '@certs/shared/wpq/wpq-validity-schedule';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import type { ImportKind, Outcome, Refusal, RowRun } from '../import-kind';
import { counterOfNumber } from '../certificate-counter';
import { CERTIFICATE_NUMBER, checkFile, commonIssue, yesNo } from '../migration-csv';
import { moveCounter } from './awards.kind';
import type { KnownPerson } from '../migration.repository';
import { isStaff, undoCreatedHolder, numberedHoldersAcrossRows } from './holders';
import { WpqImportRepository, type KnownWpq, type NewImportedWpq, type WpqProgram } from './wpq.repository';

type Cells = Record<(typeof WPQ_FILE.columns)[number], string>;
type TestPiece = ReturnType<typeof TestPieceRequest.parse>;

export interface LegacyConfirmation {
  confirmedOn: string;
  confirmedBy: 'employer' | 'examiner';
  confirmerName: string;
  confirmerPosition: string;
}

export interface WpqRow {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  programCode: string;
  certificateNumber: string;
  /** As issued: one or more, `;` between them. */
  designations: string[];
  testDate: string;
  issueDate: string;
  validityOption: WpqValidityOption;
  testPiece: TestPiece;
  placeOfTesting: string | null;
  employer: string | null;
  examiner: string | null;
  /** In date order. */
  confirmations: LegacyConfirmation[];
  /** In date order. */
  revalidations: string[];
  listedInRegister: boolean | null;
}

const WELDER_QUALIFICATION = 3;
const LENGTHS = { designation: 500, placeOfTesting: 200, employer: 200, examiner: 200, confirmations: 20_000, revalidations: 1_000 };
const MILLIMETRE_COLUMNS = ['testPieceThickness', 'depositThickness', 'pipeOD'] as const;
const CODE_COLUMNS = [
  'weldingProcess',
  'transferMode',
  'productType',
  'jointType',
  'weldingPosition',
  'fillerMaterialGroup',
  'fillerMaterialType',
  'backingAndConsumableInsert',
  'layerTechnique',
  'directionOfWelding',
] as const;
/** `DATE employer|examiner NAME[, POSITION]`. */
const CONFIRMATION = /^(\S+)\s+(employer|examiner)\s+([^,]+?)\s*(?:,\s*(.*))?$/i;
const repository = new WpqImportRepository();

const entries = (cell: string) =>
  cell
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);

function checkWpq(row: CsvFileRow, today: string): WpqRow | Refusal {
  const issue = commonIssue('wpq', row, LENGTHS);
  if (issue) return issue;
  const c = row.cells as Cells;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (!CERTIFICATE_NUMBER.test(c.certificateNumber)) return refuse('certificateNumber', 'certificateNumber may hold only letters, digits, "-", "." and "/"');
  const testDate = legacyDay(c.testDate);
  if (!testDate) return refuse('testDate', MIGRATION_MESSAGES.invalidDate('testDate'));
  if (testDate > today) return refuse('testDate', W.testInFuture);
  const issueDate = c.issueDate ? legacyDay(c.issueDate) : testDate;
  if (!issueDate) return refuse('issueDate', MIGRATION_MESSAGES.invalidDate('issueDate'));
  if (issueDate < testDate) return refuse('issueDate', W.issueBeforeTest);
  if (issueDate > today) return refuse('issueDate', W.issueInFuture);
  const validityOption = WPQ_FILE_VALIDITY_OPTIONS[c.validityOption.trim().toLowerCase() as keyof typeof WPQ_FILE_VALIDITY_OPTIONS];
  if (!validityOption) return refuse('validityOption', W.invalidOption);

  // The test piece as the record's form takes it: the shared schema names the column at fault.
  const piece: Record<string, unknown> = {};
  for (const column of CODE_COLUMNS) piece[column] = c[column] || null;
  for (const column of MILLIMETRE_COLUMNS) {
    if (!c[column]) piece[column] = null;
    else if (!/^\d+(\.\d+)?$/.test(c[column])) return refuse(column, W.notNumber(column));
    else piece[column] = Number(c[column]);
  }
  piece.parentMaterialGroup = c.parentMaterialGroup ? (/^\d+$/.test(c.parentMaterialGroup) ? Number(c.parentMaterialGroup) : c.parentMaterialGroup) : null;
  const parsed = TestPieceRequest.safeParse(piece);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return refuse(String(first.path[0] ?? 'weldingProcess'), first.message);
  }

  const confirmations: LegacyConfirmation[] = [];
  for (const entry of entries(c.confirmations)) {
    const match = CONFIRMATION.exec(entry);
    const confirmedOn = match ? legacyDay(match[1]!) : null;
    if (!match || !confirmedOn) return refuse('confirmations', W.malformedConfirmation(entry));
    if (confirmedOn > today) return refuse('confirmations', W.confirmationInFuture(match[1]!));
    if (confirmedOn <= testDate) return refuse('confirmations', W.confirmationNotAfterTest(match[1]!));
    confirmations.push({ confirmedOn, confirmedBy: match[2]!.toLowerCase() as 'employer' | 'examiner', confirmerName: match[3]!.trim(), confirmerPosition: (match[4] ?? '').trim() });
  }
  const revalidations: string[] = [];
  for (const entry of entries(c.revalidations)) {
    const day = legacyDay(entry);
    if (!day) return refuse('revalidations', W.malformedRevalidation(entry));
    if (day > today) return refuse('revalidations', W.revalidationInFuture(entry));
    revalidations.push(day);
  }
  if (revalidations.length && validityOption !== '9.3b') return refuse('revalidations', W.revalidationNotB);
  return {
    rowNumber: row.rowNumber,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    programCode: c.programCode,
    certificateNumber: c.certificateNumber,
    designations: entries(c.designation),
    testDate,
    issueDate,
    validityOption,
    testPiece: parsed.data,
    placeOfTesting: c.placeOfTesting || null,
    employer: c.employer || null,
    examiner: c.examiner || null,
    confirmations: confirmations.sort((a, b) => a.confirmedOn.localeCompare(b.confirmedOn)),
    revalidations: revalidations.sort(),
    listedInRegister: yesNo(c.listedInRegister) as boolean | null,
  };
}

type Programs = Map<string, WpqProgram>;

/** What the platform keeps of the qualification, as its validity module reads it (decision 026). */
interface Kept {
  kept: KeptQualification;
  confirmations: Omit<NewImportedWpq['confirmations'][number], 'wpqRecordId' | 'awardId'>[];
  revalidations: Omit<NewImportedWpq['revalidations'][number], 'wpqRecordId' | 'awardId'>[];
}

/**
 * The confirmations on their periods and the revalidations on their windows, as the platform's
 * own rule counts them; a refusal (always the column at fault) when the history cannot be kept.
 */
function keptOf(row: WpqRow, program: WpqProgram, actorId: string): Kept | { column: string; message: string } {
  const base: KeptQualification = {
    standard: (program.standard === 'AS/NZS 2980:2018' ? 'AS/NZS 2980:2018' : 'ISO 9606-1:2017') as WpqStandard,
    testDate: row.testDate,
    option: row.validityOption,
    intervalMonths: program.intervalMonths ?? 6,
    confirmedOn: row.confirmations.map((c) => c.confirmedOn),
    revalidatedOn: row.revalidations,
  };
  const by = { createdBy: actorId, modifiedBy: actorId };
  const confirmations: Kept['confirmations'] = [];
  let sequence = 1;
  for (const [index, confirmation] of row.confirmations.entries()) {
    while (confirmationPeriod(base, sequence).dueOn < confirmation.confirmedOn) sequence += 1;
    const period = confirmationPeriod(base, sequence);
    const previous = confirmations.at(-1);
    if (previous?.sequence === period.sequence) return { column: 'confirmations', message: W.samePeriod(row.confirmations[index - 1]!.confirmedOn, confirmation.confirmedOn, period.dueOn) };
    confirmations.push({ sequence: period.sequence, dueOn: period.dueOn, ...confirmation, ...by });
  }
  const revalidations: Kept['revalidations'] = [];
  const years = rulesOfKept(base).validity.revalidationYears;
  let validUntil = subtractMonths(row.testDate, -12 * years);
  for (const revalidatedOn of row.revalidations) {
    const window = revalidationWindow(validUntil, base);
    if (!(revalidatedOn > window.from && revalidatedOn <= window.to)) return { column: 'revalidations', message: W.revalidationOutsideWindow(revalidatedOn, window.from, window.to) };
    const after = subtractMonths(validUntil, -12 * years);
    revalidations.push({ status: 'approved', submittedBy: 'staff', welds: [], validUntilBefore: validUntil, validUntilAfter: after, revalidatedOn, decisionReason: 'Imported (legacy import)', ...by });
    validUntil = after;
  }
  return { kept: base, confirmations, revalidations };
}

/**
 * `wpq`: a welder qualification record as issued by the old system, with its award (the number
 * as printed), its confirmations and revalidations. The program must be the account's Welder
 * Qualification program; the number must be new on the platform, or one an earlier `wpq` import
 * here created for the same holder and program with the same details (then the row is
 * unchanged). The validity is the platform's rule over the history: a qualification whose
 * confirmation was missed comes in ended; reminders already passed count as sent.
 */
export const wpqKind: ImportKind<WpqRow, Programs> = {
  kind: 'wpq',
  recordWord: 'welder qualification record',
  example: {
    email: 'jane.welder@example.com',
    firstName: 'Jane',
    lastName: 'Welder',
    programCode: 'WQ-ISO9606',
    certificateNumber: 'WQ-2024-00417',
    designation: 'ISO 9606-1 135 P BW FM1 S s10 PF ss nb',
    testDate: '2024-03-12',
    issueDate: '2024-03-20',
    validityOption: '9.3b',
    weldingProcess: '135',
    transferMode: 'short-circuit',
    productType: 'Plate',
    jointType: 'BW',
    testPieceThickness: '10',
    depositThickness: '',
    pipeOD: '',
    weldingPosition: 'PF',
    fillerMaterialGroup: 'FM1',
    fillerMaterialType: 'S',
    backingAndConsumableInsert: 'ss nb',
    layerTechnique: 'ml',
    parentMaterialGroup: '1',
    directionOfWelding: '',
    placeOfTesting: 'Hunter Weld Testing, Newcastle',
    employer: 'Hunter Fabrication',
    examiner: 'Erin Examiner',
    confirmations: '2024-09-02 employer Casey Coordinator, Welding coordinator; 2025-03-10 examiner Erin Examiner',
    revalidations: '',
    listedInRegister: 'Yes',
  },
  check: (content, today) => checkFile('wpq', content, (row) => checkWpq(row, today), numberedHoldersAcrossRows<WpqRow>),
  checkRow: checkWpq,
  acrossRows: numberedHoldersAcrossRows<WpqRow>,
  facts: (run, rows) => repository.findPrograms(run.repository.executor, run.record.accountId, [...new Set(rows.map((row) => row.programCode))]),
  apply: async (run, row) => (await applyWpqRows(run, [row]))[0]!,
  applyChunk: applyWpqRows,
  async undo(run, row) {
    if (row.result === 'created' && row.awardId && row.applicationId && row.recordId) {
      const ids = { awardId: row.awardId, applicationId: row.applicationId, recordId: row.recordId };
      if (await repository.isTouched(run.tx, ids, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'welder qualification record'));
      await repository.deleteImported(run.tx, ids);
    }
    await undoCreatedHolder(run, row, 'holder');
  },
};

/** What a chunk's rows look up together: their people by email and the awards with their numbers (both by lower case). */
interface ChunkLookups {
  people: Map<string, KnownPerson>;
  existing: Map<string, KnownWpq>;
}

/** A row whose record is to be created once the chunk's new holders exist. */
interface ToCreate {
  row: WpqRow;
  program: WpqProgram;
  person: KnownPerson | undefined;
  kept: Kept;
  rule: ReturnType<typeof validityOfKept>;
  record: RecordValues;
}

/**
 * A chunk's rows: one look-up for all their holders and one for all their numbers, each row
 * judged on its own, then the chunk's new holders and records written a statement a table (a
 * holder the file names twice is created once, by their first row).
 */
async function applyWpqRows(run: RowRun<Programs>, rows: readonly WpqRow[]): Promise<Outcome[]> {
  const lookups: ChunkLookups = {
    people: await run.repository.findPeople(run.tx, [...new Set(rows.map((row) => row.email.toLowerCase()))]),
    existing: await repository.findByNumbers(run.tx, run.record.accountId, rows.map((row) => row.certificateNumber)),
  };
  const judged = rows.map((row) => judgeWpq(run, row, lookups));
  const toCreate = judged.filter((item): item is ToCreate => 'kept' in item);
  if (!run.write || toCreate.length === 0) return judged.map((item) => ('kept' in item ? { rowNumber: item.row.rowNumber, result: 'created' as const } : item));

  const newHolders = new Map<string, ToCreate['row']>();
  for (const { row, person } of toCreate) if (!person && !newHolders.has(row.email.toLowerCase())) newHolders.set(row.email.toLowerCase(), row);
  const made = await run.repository.insertPeople(
    run.tx,
    [...newHolders.values()].map((row) => ({ email: row.email, firstName: row.firstName, lastName: row.lastName, listedInRegister: row.listedInRegister ?? true })),
    run.actorId,
  );
  const created = new Map<number, Outcome>();
  const items = toCreate.map((item) => {
    const email = item.row.email.toLowerCase();
    const holder = item.person ? { userId: item.person.userId, applicantId: item.person.applicantId! } : made.get(email)!;
    const ids = { applicationId: randomUUID(), awardId: randomUUID(), recordId: randomUUID() };
    const createdUser = !item.person && newHolders.get(email) === item.row;
    created.set(item.row.rowNumber, { rowNumber: item.row.rowNumber, result: 'created', ...holder, createdUser, ...ids });
    return importedOf(run, item, holder.applicantId, ids);
  });
  await repository.insertImported(run.tx, items);
  await moveCounters(run, toCreate);
  return judged.map((item) => ('kept' in item ? created.get(item.row.rowNumber)! : item));
}

/** The row refused or unchanged, or what its record will be. */
function judgeWpq(run: RowRun<Programs>, row: WpqRow, lookups: ChunkLookups): Outcome | ToCreate {
  const base = { rowNumber: row.rowNumber };
  const refuse = (column: string, message: string): Outcome => ({ ...base, result: 'refused', column, message });
  const program = run.facts.get(row.programCode.toLowerCase());
  if (!program) return refuse('programCode', MIGRATION_MESSAGES.unknownProgram(row.programCode));
  if (program.programType !== WELDER_QUALIFICATION) return refuse('programCode', W.notWelderProgram(row.programCode));
  const person = lookups.people.get(row.email.toLowerCase());
  if (isStaff(person)) return refuse('email', MIGRATION_MESSAGES.staffEmail);

  const kept = keptOf(row, program, run.actorId);
  if ('message' in kept) return refuse(kept.column, kept.message);
  const outcome = calculateRange({ ...row.testPiece, standard: kept.kept.standard });
  if (!outcome.ok) {
    const [field, message] = Object.entries(outcome.fieldErrors)[0]!;
    return refuse(field.split('.')[0]!, message);
  }
  const rule = validityOfKept(run.today, kept.kept);
  if (!rule.isValid && !rule.endedOn) return refuse('validityOption', rule.reason);
  const late = rule.endedOn ? row.confirmations.find((c) => c.confirmedOn > rule.endedOn!) : undefined;
  if (late) return refuse('confirmations', W.confirmationAfterEnd(late.confirmedOn, rule.endedOn!));

  const record = recordValues(row, program, kept.kept.standard, { ...outcome.range, designations: row.designations }, run);
  const existing = lookups.existing.get(row.certificateNumber.toLowerCase());
  if (existing) return existingRecord(row, { program, person, existing, record, kept });
  return { row, program, person, kept, rule, record };
}

/** Everything one imported qualification writes, as the platform would have it had it been made here. */
function importedOf(run: RowRun<Programs>, item: ToCreate, applicantId: string, ids: NewImportedWpq['ids']): NewImportedWpq {
  const { row, program, rule, kept } = item;
  const lastConfirmed = row.confirmations.at(-1)?.confirmedOn ?? '';
  const lastRevalidated = row.revalidations.at(-1) ?? '';
  const note = `Imported from ${run.record.fileName} (legacy import)`;
  const by = { createdBy: run.actorId, modifiedBy: run.actorId };
  const open = rule.isValid ? openConfirmation(run.today, kept.kept) : null;
  const passed = open ? VALIDITY_REMINDER_KINDS.filter((kind) => validityReminderDates(open.dueOn)[kind] <= run.today) : [];
  const ofRecord = { wpqRecordId: ids.recordId };
  return {
    ids,
    application: {
      applicationNumber: `${APPLICATION_TYPES.welderqualificationapplication.prefix}-IMP-${row.certificateNumber}`,
      applicantId,
      programId: program.id,
      programType: WELDER_QUALIFICATION,
      // An ended qualification's application is where the validity job leaves one.
      status: rule.isValid ? 'Awarded' : 'Award Withdrawn',
      declarationAccepted: true,
      submittedOn: new Date(`${row.testDate}T00:00:00Z`),
      overallResult: 'Awarded',
      resultRecordedOn: new Date(`${row.issueDate}T00:00:00Z`),
      ...by,
    },
    applicationNote: row.examiner ? `${note}; examiner as issued: ${row.examiner}` : note,
    award: {
      applicationId: ids.applicationId,
      applicantId,
      programId: program.id,
      programType: WELDER_QUALIFICATION,
      // How it was last conferred, as a confirmation or revalidation made here sets it.
      awardType: lastRevalidated && lastRevalidated >= lastConfirmed ? 'Revalidation' : lastConfirmed ? 'Confirmation' : 'Awarded',
      certificateNumber: row.certificateNumber,
      awardedOn: row.issueDate,
      expiresOn: null,
      status: rule.isValid ? 'current' : 'expired',
      statusReason: rule.isValid ? null : rule.reason,
      ...by,
    },
    awardNote: note,
    record: { ...item.record, applicationId: ids.applicationId, applicantId, awardId: ids.awardId, ...by },
    confirmations: kept.confirmations.map((c) => ({ ...c, ...ofRecord, awardId: ids.awardId })),
    revalidations: kept.revalidations.map((r) => ({ ...r, ...ofRecord, awardId: ids.awardId })),
    reminders: open ? passed.flatMap((kind) => (['welder', 'employer'] as const).map((recipient) => ({ ...ofRecord, sequence: open.sequence, dueOn: open.dueOn, recipient, kind, sentOn: run.today, ...by }))) : [],
    end: rule.isValid ? null : { ...ofRecord, endedOn: rule.endedOn!, reason: rule.reason, ...by },
    actorId: run.actorId,
  };
}

/** Each program's counter moved once a chunk, past the highest imported number that follows its series' pattern. */
async function moveCounters(run: RowRun<Programs>, created: readonly ToCreate[]): Promise<void> {
  const highest = new Map<string, { program: WpqProgram; number: string; counter: number }>();
  for (const { program, row } of created) {
    const own = program.numberPatternCheck && program.certificateNumPattern.length > 0;
    const counter = counterOfNumber(own ? program.certificateNumPattern : run.defaultPattern, row.certificateNumber);
    if (counter !== null && counter > (highest.get(program.id)?.counter ?? -1)) highest.set(program.id, { program, number: row.certificateNumber, counter });
  }
  for (const { program, number } of highest.values()) await moveCounter(run, run.tx, program, number);
}

type RecordValues = Omit<NewImportedWpq['record'], 'applicantId' | 'applicationId' | 'awardId'>;

/** The record as approval leaves one made here: approved, the range the engine gives, the record's fields. */
function recordValues(row: WpqRow, program: WpqProgram, standard: string, range: object, run: RowRun<Programs>): RecordValues {
  const piece = row.testPiece;
  return {
    programId: program.id,
    status: 'approved',
    standard,
    testDate: row.testDate,
    issueDate: row.issueDate,
    validityOption: row.validityOption,
    employer: row.employer,
    placeOfTesting: row.placeOfTesting,
    examinerAsIssued: row.examiner,
    weldingProcess: piece.weldingProcess,
    transferMode: piece.transferMode ?? null,
    directionOfWelding: piece.directionOfWelding ?? null,
    productType: piece.productType,
    jointType: piece.jointType,
    testPieceThickness: piece.testPieceThickness,
    depositThickness: piece.depositThickness ?? null,
    pipeOD: piece.pipeOD ?? null,
    weldingPosition: piece.weldingPosition,
    fillerMaterialGroup: piece.fillerMaterialGroup ?? null,
    fillerMaterialType: piece.fillerMaterialType,
    backingAndConsumableInsert: piece.backingAndConsumableInsert ?? null,
    layerTechnique: piece.layerTechnique ?? null,
    parentMaterial1Group: piece.parentMaterialGroup ?? null,
    welderQualificationApproved: true,
    programAssessorNotes: `Imported from ${run.record.fileName} (legacy import)${row.examiner ? `; examiner as issued: ${row.examiner}` : ''}`,
    rangeOfQualification: range as Record<string, unknown>,
  };
}

/** The columns a second import of the same record compares (the record as stored, by its column names). */
const COMPARED: [keyof RecordValues, string][] = [
  ['testDate', 'test_date'],
  ['issueDate', 'issue_date'],
  ['validityOption', 'validity_option'],
  ['employer', 'employer'],
  ['placeOfTesting', 'place_of_testing'],
  ['examinerAsIssued', 'examiner_as_issued'],
  ['weldingProcess', 'welding_process'],
  ['transferMode', 'transfer_mode'],
  ['directionOfWelding', 'direction_of_welding'],
  ['productType', 'product_type'],
  ['jointType', 'joint_type'],
  ['testPieceThickness', 'test_piece_thickness'],
  ['depositThickness', 'deposit_thickness'],
  ['pipeOD', 'pipe_od'],
  ['weldingPosition', 'welding_position'],
  ['fillerMaterialGroup', 'filler_material_group'],
  ['fillerMaterialType', 'filler_material_type'],
  ['backingAndConsumableInsert', 'backing_and_consumable_insert'],
  ['layerTechnique', 'layer_technique'],
  ['parentMaterial1Group', 'parent_material1_group'],
];

function existingRecord(
  row: WpqRow,
  found: { program: WpqProgram; person: KnownPerson | undefined; existing: KnownWpq; record: RecordValues; kept: Kept },
): Outcome {
  const { existing, person } = found;
  const base = { rowNumber: row.rowNumber };
  const refuse = (message: string): Outcome => ({ ...base, result: 'refused', column: 'certificateNumber', message });
  if (!existing.importedHere || !existing.record) return refuse(MIGRATION_MESSAGES.numberTaken(row.certificateNumber));
  if (existing.programId !== found.program.id || existing.holderEmail !== row.email.toLowerCase() || !person) return refuse(MIGRATION_MESSAGES.numberOfOtherAward(row.certificateNumber));
  const stored = existing.record;
  const sameRecord = COMPARED.every(([key, column]) => String(found.record[key] ?? '') === String(stored[column] ?? ''));
  const storedDesignations = ((stored.range_of_qualification as { designations?: string[] } | null)?.designations ?? []).join(';');
  const confirmationText = (c: LegacyConfirmation) => [c.confirmedOn, c.confirmedBy, c.confirmerName, c.confirmerPosition].join('\u0000');
  const sameConfirmations = existing.confirmations.map(confirmationText).join('\n') === row.confirmations.map(confirmationText).join('\n');
  const same = sameRecord && sameConfirmations && storedDesignations === row.designations.join(';') && existing.revalidations.join(';') === row.revalidations.join(';');
  if (!same) return refuse(W.otherDetails(row.certificateNumber));
  return { ...base, result: 'unchanged', userId: person.userId, applicantId: person.applicantId!, applicationId: existing.applicationId, awardId: existing.awardId, recordId: existing.recordId };
}
