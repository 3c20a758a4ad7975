import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAX_MIGRATION_UPLOAD_BYTES,
  MAX_MIGRATION_UPLOAD_ROWS,
  MIGRATION_MESSAGES,
  MIGRATION_UPLOAD_PREFIX,
  type MigrationImport,
  type MigrationKind,
  type MigrationListQuery,
  type MigrationPage,
  type MigrationRequest,
  type MigrationSummary,
  type MigrationUploadRequest,
  type MigrationUploadResponse,
} from '@certs/shared/migration/migration.contract';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { AccountTimeZones, dayIn } from '../account/account-time-zone';
import type { Storage } from '../../platform/storage/storage';
import { refusedOutcome, type ImportKind, type KindRun, type Outcome, type Refusal } from './import-kind';
import { IMPORT_KINDS } from './kinds';
import { FileRefusal, fileIssue, streamKindRows, streamedFileIssue, templateCsv } from './migration-csv';
import type { MigrationImportRecord, MigrationRepository, NewMigrationRow, ProgressCounts } from './migration.repository';

/**
 * Rows written per transaction: progress moves at this step, and a restart resumes after the last
 * whole chunk. 500 keeps a chunk's batched statements well inside PostgreSQL's parameter limit.
 */
export const MIGRATION_CHUNK_ROWS = 500;
const UPLOAD_URL_SECONDS = 15 * 60;

/** A row of the file once checked: to apply, or refused by its checks. */
type CheckedItem = { row: { rowNumber: number } } | { refusal: Refusal };
// Each kind types its own rows and facts; the runner handles them only through the interface.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = ImportKind<any, any>;

interface Settings {
  /** The platform's certificate number pattern (`CERTIFICATE_NUMBER_PATTERN`), for programs without their own. */
  defaultPattern: string;
  log: { warn(obj: object, msg: string): void };
  chunkRows?: number;
  now?: () => Date;
}

/**
 * Legacy import (issue 41, decision 035): an account's administrator sends a CSV of one kind;
 * the job checks every row (a dry run stops there) or applies it in chunks, each chunk in one
 * transaction with its row results, so a restart resumes without doing a row twice. Applying the
 * same file again finds every row unchanged; undo removes what the import created while nothing
 * else has touched it. Imported people are not mailed.
 */
export class MigrationService {
  constructor(
    private readonly repository: MigrationRepository,
    /** `storage`: where large files are uploaded first (`fileKey`); without it only files in the request are taken. */
    private readonly deps: { onQueued?: () => void; storage?: Pick<Storage, 'presignUpload' | 'sizeOf' | 'move' | 'remove' | 'read' | 'readStream'> },
    private readonly settings: Settings,
  ) {}

  template(kind: MigrationKind): string {
    return templateCsv(kind, IMPORT_KINDS[kind].example);
  }

  async start(actor: CurrentUser, kind: MigrationKind, input: MigrationRequest): Promise<{ id: string }> {
    const accountId = staffAccountOf(actor);
    const file = input.fileKey === undefined ? this.inlineFile(kind, input.csvContent ?? '') : await this.uploadedFile(accountId, kind, input.fileKey);
    const id = await this.repository.insertImport({
      accountId,
      kind,
      fileName: input.fileName,
      ...file,
      dryRun: input.dryRun ?? false,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    this.deps.onQueued?.();
    return { id };
  }

  private inlineFile(kind: MigrationKind, csvContent: string): { content: string; fileKey: null; totalRows: number } {
    const shape = fileIssue(kind, csvContent);
    if ('reason' in shape) throw new AppError('BAD_REQUEST', shape.reason, { csvContent: shape.reason });
    return { content: csvContent, fileKey: null, totalRows: shape.totalRows };
  }

  /**
   * A large file uploaded first (`presignUpload`): only this account's key, moved out of the
   * upload URL's reach (nothing PUT later replaces what was checked), its header and row count
   * read by streaming it. The import keeps the key; the job streams the file from it.
   */
  private async uploadedFile(accountId: string, kind: MigrationKind, fileKey: string): Promise<{ content: null; fileKey: string; totalRows: number }> {
    const storage = this.deps.storage;
    const own = new RegExp(`^${MIGRATION_UPLOAD_PREFIX}${accountId}/[0-9a-f-]{36}\\.csv$`);
    const size = storage && own.test(fileKey) ? await storage.sizeOf(fileKey) : null;
    if (!storage || size === null) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.uploadNotFound);
    const storedKey = fileKey.replace(/^uploads\//, '');
    await storage.move(fileKey, storedKey);
    const refuse = async (reason: string) => {
      await storage.remove(storedKey);
      return new AppError('BAD_REQUEST', reason, { fileKey: reason });
    };
    if (size > MAX_MIGRATION_UPLOAD_BYTES) throw await refuse(MIGRATION_MESSAGES.uploadTooLarge);
    const shape = await streamedFileIssue(kind, await storage.readStream(storedKey), MAX_MIGRATION_UPLOAD_ROWS);
    if ('reason' in shape) throw await refuse(shape.reason);
    return { content: null, fileKey: storedKey, totalRows: shape.totalRows };
  }

  /** Where the browser PUTs a large file: a key of the server's, under the account's folder, for 15 minutes. */
  async presignUpload(actor: CurrentUser, input: MigrationUploadRequest): Promise<MigrationUploadResponse> {
    const accountId = staffAccountOf(actor);
    if (!this.deps.storage) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.uploadNotFound);
    if (input.size > MAX_MIGRATION_UPLOAD_BYTES) throw new AppError('BAD_REQUEST', MIGRATION_MESSAGES.uploadTooLarge);
    const fileKey = `${MIGRATION_UPLOAD_PREFIX}${accountId}/${randomUUID()}.csv`;
    const { url, headers } = await this.deps.storage.presignUpload(fileKey, 'text/csv', UPLOAD_URL_SECONDS);
    return { url, method: 'PUT', headers, fileKey, expiresOn: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString() };
  }

  async list(actor: CurrentUser, query: MigrationListQuery & { page: number; pageSize: number }): Promise<MigrationPage> {
    const { rows, totalRows } = await this.repository.findPage(staffAccountOf(actor), query.page, query.pageSize);
    return { rows: rows.map(toSummary), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    const refused = await this.repository.refusedRows(id);
    return { ...toSummary(record), refusedRows: refused.map((row) => ({ rowNumber: row.rowNumber, column: row.column ?? '', message: row.message ?? '' })) };
  }

  /** Another account's import is unknown here, not forbidden. */
  private async ownImport(actor: CurrentUser, id: string): Promise<MigrationImportRecord> {
    const record = await this.repository.findImport(id);
    if (!record || record.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.notFound);
    return record;
  }

  // ---- The job -----------------------------------------------------------------------------------

  /** Runs every queued import, and any whose worker stopped (the job's pass; tests call it directly). */
  async runPending(): Promise<number> {
    let ran = 0;
    for (let next = await this.repository.claimNext(); next; next = await this.repository.claimNext()) {
      await this.runClaimed(next.id);
      ran += 1;
    }
    return ran;
  }

  /**
   * Runs a claimed import from where it stands: every row is checked again (checks across rows
   * need the rows before), and rows with a result already are skipped. A kind with `checkRow`
   * has its file streamed, its facts read and its rows applied a chunk at a time, so memory does
   * not grow with the file; the others are read whole, as they check the whole file at once.
   * `stopAfterChunks` stops as a killed worker would (tests of the resume).
   */
  async runClaimed(importId: string, options: { stopAfterChunks?: number } = {}): Promise<void> {
    const record = await this.repository.findImport(importId);
    if (!record) return;
    try {
      const kind: AnyKind = IMPORT_KINDS[record.kind as MigrationKind];
      const zone = await new AccountTimeZones(this.repository.executor).ofAccount(record.accountId);
      const today = dayIn(zone, this.settings.now?.() ?? new Date());
      const done = await this.repository.processedRowNumbers(importId);
      // The counts from the rows written so far, once; then each chunk adds its own in its transaction.
      await this.repository.refreshProgress(this.repository.executor, importId);
      const actorId = record.createdBy ?? '00000000-0000-0000-0000-000000000000';
      const stamp = (outcome: Outcome): NewMigrationRow => ({ ...outcome, importId, createdBy: actorId, modifiedBy: actorId });
      const run: KindRun = { record, repository: this.repository, write: !record.dryRun, actorId, today, defaultPattern: this.settings.defaultPattern };

      let items: AsyncIterable<CheckedItem> | Iterable<CheckedItem>;
      let factsOf: (rows: { rowNumber: number }[]) => Promise<unknown>;
      if (kind.checkRow) {
        items = this.streamChecked(kind, record, today);
        factsOf = (rows) => kind.facts(run, rows);
      } else {
        const checked = kind.check(await this.fileText(record), today);
        if (!checked.ok) throw new Error(checked.reason);
        const facts: unknown = await kind.facts(
          run,
          checked.rows.filter((row) => !done.has(row.rowNumber)),
        );
        items = [...checked.refused.map((refusal) => ({ refusal })), ...checked.rows.map((row) => ({ row }))];
        factsOf = async () => facts;
      }

      const size = this.settings.chunkRows ?? MIGRATION_CHUNK_ROWS;
      const stopped = () => options.stopAfterChunks !== undefined && chunks >= options.stopAfterChunks;
      let chunk: CheckedItem[] = [];
      let chunks = 0;
      const flush = async () => {
        const rows = chunk.flatMap((item) => ('row' in item ? [item.row] : []));
        const refusals = chunk.flatMap((item) => ('refusal' in item ? [refusedOutcome(item.refusal)] : []));
        chunk = [];
        const facts = rows.length > 0 ? await factsOf(rows) : undefined;
        await this.repository.transaction(async (tx) => {
          const rowRun = { ...run, tx, facts };
          let applied: Outcome[] = [];
          if (rows.length > 0 && kind.applyChunk) applied = await kind.applyChunk(rowRun, rows);
          else for (const row of rows) applied.push(await kind.apply(rowRun, row));
          const outcomes = [...refusals, ...applied].sort((x, y) => x.rowNumber - y.rowNumber).map(stamp);
          await this.repository.insertRows(tx, outcomes);
          await this.repository.addProgress(tx, importId, countsOf(outcomes));
        });
        chunks += 1;
      };
      for await (const item of items) {
        if (done.has('row' in item ? item.row.rowNumber : item.refusal.rowNumber)) continue;
        chunk.push(item);
        if (chunk.length < size) continue;
        if (stopped()) return;
        await flush();
      }
      if (stopped()) return;
      if (chunk.length > 0) await flush();
      await this.repository.finish(importId, 'Finished', null);
    } catch (error) {
      this.settings.log.warn({ err: error, importId }, 'legacy import failed');
      await this.repository.finish(importId, 'Failed', error instanceof Error ? error.message : String(error));
    }
    await this.removeUpload(record);
  }

  /** An uploaded file is kept only while its import may still resume: it holds people's details. */
  private async removeUpload(record: MigrationImportRecord): Promise<void> {
    if (!record.fileKey || !this.deps.storage) return;
    try {
      await this.deps.storage.remove(record.fileKey);
    } catch (error) {
      this.settings.log.warn({ err: error, importId: record.id }, 'legacy import: the uploaded file could not be removed');
    }
  }

  /** The file's rows checked one at a time, in file order, as the stream gives them. */
  private async *streamChecked(kind: AnyKind, record: MigrationImportRecord, today: string): AsyncGenerator<CheckedItem> {
    const checkRow = kind.checkRow!;
    const across = kind.acrossRows?.();
    try {
      for await (const raw of streamKindRows(kind.kind, await this.fileSource(record))) {
        const checked = checkRow(raw, today) as { rowNumber: number } | Refusal;
        if ('message' in checked) {
          yield { refusal: checked };
          continue;
        }
        const refusal = across?.(checked) ?? null;
        yield refusal ? { refusal } : { row: checked };
      }
    } catch (error) {
      if (error instanceof FileRefusal) throw new Error(error.message);
      throw error;
    }
  }

  private async fileSource(record: MigrationImportRecord): Promise<Readable | string> {
    if (record.content !== null) return record.content;
    if (!record.fileKey || !this.deps.storage) throw new Error(MIGRATION_MESSAGES.uploadNotFound);
    return this.deps.storage.readStream(record.fileKey);
  }

  private async fileText(record: MigrationImportRecord): Promise<string> {
    if (record.content !== null) return record.content;
    if (!record.fileKey || !this.deps.storage) throw new Error(MIGRATION_MESSAGES.uploadNotFound);
    return (await this.deps.storage.read(record.fileKey)).toString('utf8');
  }

  // ---- Undo --------------------------------------------------------------------------------------

  /**
   * Removes what the import created and puts back what it updated, newest row first, in one
   * transaction: refused (409, nothing changed) when any of it was touched since. Numbers the
   * import moved a counter past stay taken: a number is never handed out twice.
   */
  async undo(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    if (record.dryRun) throw new AppError('CONFLICT', MIGRATION_MESSAGES.dryRunNoUndo);
    if (record.status === 'Undone') throw new AppError('CONFLICT', MIGRATION_MESSAGES.alreadyUndone);
    if (record.status !== 'Finished') throw new AppError('CONFLICT', MIGRATION_MESSAGES.notFinished);
    // Invited people have a mail and a link of their own: say so, rather than "row N was touched".
    if (await this.repository.hasInvitations(id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.invitedNoUndo);
    const rows = (await this.repository.rowsOf(id)).filter((row) => row.result !== 'refused' && row.result !== 'unchanged');
    const kind: AnyKind = IMPORT_KINDS[record.kind as MigrationKind];
    const size = this.settings.chunkRows ?? MIGRATION_CHUNK_ROWS;
    let rowNumber = 0;
    const undoAll = (chunked: boolean) =>
      this.repository.transaction(async (tx) => {
        const run = { record, repository: this.repository, tx, actorId: actor.id };
        if (chunked && kind.undoChunk) {
          for (let start = 0; start < rows.length; start += size) {
            const chunk = rows.slice(start, start + size);
            rowNumber = chunk[0]!.rowNumber;
            await kind.undoChunk(run, chunk);
          }
        } else {
          for (const row of rows) {
            rowNumber = row.rowNumber;
            await kind.undo(run, row);
          }
        }
        await this.repository.markUndone(tx, id, actor.id);
      });
    try {
      try {
        await undoAll(true);
      } catch (error) {
        // Which row's record something else refers to: undone row by row (nothing of the chunked try was kept), the failing row is known.
        if (!kind.undoChunk || !isForeignKeyViolation(error)) throw error;
        await undoAll(false);
      }
    } catch (error) {
      // Something else refers to a record the import made (a mail, a payment, a credential): it was touched.
      if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(rowNumber, kind.recordWord));
      throw error;
    }
    return this.findOne(actor, id);
  }
}

function countsOf(outcomes: readonly Outcome[]): ProgressCounts {
  const counts: ProgressCounts = { processed: outcomes.length, created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const outcome of outcomes) counts[outcome.result] += 1;
  return counts;
}

function toSummary(record: MigrationImportRecord): MigrationSummary {
  return {
    id: record.id,
    kind: record.kind,
    fileName: record.fileName,
    dryRun: record.dryRun,
    status: record.status,
    totalRows: record.totalRows,
    processedRows: record.processedRows,
    created: record.createdCount,
    updated: record.updatedCount,
    unchanged: record.unchangedCount,
    refused: record.refusedCount,
    error: record.error,
    createdOn: record.createdOn.toISOString(),
    finishedOn: record.finishedOn?.toISOString() ?? null,
    undoneOn: record.undoneOn?.toISOString() ?? null,
  };
}
