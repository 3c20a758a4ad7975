import type { MigrationKind } from '@certs/shared/migration/migration.contract';
import type { Executor } from '../../db/executor';
import type { CsvFileRow } from '../../platform/csv-file';
import type { MigrationImportRecord, MigrationRepository, MigrationRowRecord, NewMigrationRow } from './migration.repository';

/** A refusal: the row, the column and a message a person understands. */
export interface Refusal {
  rowNumber: number;
  column: string;
  message: string;
}

/** A file read and every row checked on its own and against the rest of the file; `ok: false` refuses the whole file. */
export type CheckedRows<R> = { ok: true; rows: R[]; refused: Refusal[]; totalRows: number } | { ok: false; reason: string };

/** What one row did: its result and the records it created or found (undo reads them back). */
export type Outcome = Omit<NewMigrationRow, 'importId' | 'createdBy' | 'modifiedBy'>;

/** One run of an import: the import, whether it writes, and what every kind may need. */
export interface KindRun {
  record: MigrationImportRecord;
  repository: MigrationRepository;
  /** False for a dry run: every check runs, nothing is written. */
  write: boolean;
  actorId: string;
  /** The account's day, which judges expiry, the future and the reminders already due. */
  today: string;
  /** The platform's certificate number pattern (`CERTIFICATE_NUMBER_PATTERN`), for programs without their own. */
  defaultPattern: string;
}

/** A row applied inside its chunk's transaction, with the facts the kind read once for the run. */
export type RowRun<Facts> = KindRun & { tx: Executor; facts: Facts };

/** Undoing one row, newest first, inside the undo's one transaction. */
export interface UndoRun {
  record: MigrationImportRecord;
  repository: MigrationRepository;
  tx: Executor;
  actorId: string;
}

/**
 * One kind of legacy file (decision 035): its template row, its checks, how a row is applied and
 * how it is undone. The service runs every kind the same way (chunks, resume, counts, undo order);
 * a kind lives in `kinds/{kind}.kind.ts` and is listed in `kinds/index.ts`.
 */
export interface ImportKind<Row extends { rowNumber: number } = { rowNumber: number }, Facts = unknown> {
  kind: MigrationKind;
  /** The template's example row, by column. */
  example: Record<string, string>;
  /** The file read and its rows checked; `today` is the account's day. */
  check(content: string, today: string): CheckedRows<Row>;
  /** Facts read once for the run (the account's programs, say), from the rows still to do. */
  facts(run: KindRun, rows: readonly Row[]): Promise<Facts>;
  /** One row against the database: refused, unchanged, or created/updated (written only when `run.write`). */
  apply(run: RowRun<Facts>, row: Row): Promise<Outcome>;
  /**
   * Removes what one created row made, or puts back what an updated row replaced. Throws a
   * CONFLICT (`MIGRATION_MESSAGES.touched`) when anything has changed it since.
   */
  undo(run: UndoRun, row: MigrationRowRecord): Promise<void>;
  /** The word for what a row made, in "the {what} it created has changed since the import". */
  recordWord: string;

  // ---- Optional, for large files (issue 41's scale) ----------------------------------------------

  /**
   * One row checked on its own (what `check` does to each row). With it, the service streams the
   * file and never holds all of it or its rows; `facts` is then read a chunk at a time, from the
   * chunk's rows. A kind whose checks need the whole file keeps to `check`.
   */
  checkRow?(row: CsvFileRow, today: string): Row | Refusal;
  /** With `checkRow`: the checks across rows, in file order, keeping only compact state (a map of keys to row numbers). */
  acrossRows?(): (row: Row) => Refusal | null;
  /**
   * A chunk's rows applied together (one look-up for all their people, one insert for all their
   * records), answering each row's outcome in the chunk's order, as `apply` would one by one.
   */
  applyChunk?(run: RowRun<Facts>, rows: readonly Row[]): Promise<Outcome[]>;
  /**
   * A chunk of row results undone together, newest row first (none refused or unchanged): what
   * `undo` does to each, with one check and one delete per table for the chunk. Refused with the
   * same CONFLICT as `undo`, naming the newest row touched.
   */
  undoChunk?(run: UndoRun, rows: readonly MigrationRowRecord[]): Promise<void>;
}

export function refusedOutcome(refusal: Refusal): Outcome {
  return { rowNumber: refusal.rowNumber, result: 'refused', column: refusal.column, message: refusal.message };
}
