import {
  MIGRATION_MESSAGES,
  type MigrationImport,
  type MigrationKind,
  type MigrationListQuery,
  type MigrationPage,
  type MigrationRequest,
  type MigrationSummary,
} from "@certs/shared/migration/migration.contract";
import { isForeignKeyViolation } from "../../db/errors";
import { AppError } from "../../platform/app-error";
import {
  staffAccountOf,
  type CurrentUser,
} from "../../platform/auth/authenticate";
import { AccountTimeZones, dayIn } from "../account/account-time-zone";
import { refusedOutcome, type KindRun, type Outcome } from "./import-kind";
import { IMPORT_KINDS } from "./kinds";
import { fileIssue, templateCsv } from "./migration-csv";
import type {
  MigrationImportRecord,
  MigrationRepository,
  NewMigrationRow,
} from "./migration.repository";

/** Rows written per transaction: progress moves at this step, and a restart resumes after the last whole chunk. */
export const MIGRATION_CHUNK_ROWS = 100;

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
    private readonly deps: { onQueued?: () => void },
    private readonly settings: Settings,
  ) {}

  template(kind: MigrationKind): string {
    return templateCsv(kind, IMPORT_KINDS[kind].example);
  }

  async start(
    actor: CurrentUser,
    kind: MigrationKind,
    input: MigrationRequest,
  ): Promise<{ id: string }> {
    const accountId = staffAccountOf(actor);
    const shape = fileIssue(kind, input.csvContent);
    if ("reason" in shape)
      throw new AppError("BAD_REQUEST", shape.reason, {
        csvContent: shape.reason,
      });
    const id = await this.repository.insertImport({
      accountId,
      kind,
      fileName: input.fileName,
      content: input.csvContent,
      dryRun: input.dryRun ?? false,
      totalRows: shape.totalRows,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    this.deps.onQueued?.();
    return { id };
  }

  async list(
    actor: CurrentUser,
    query: MigrationListQuery & { page: number; pageSize: number },
  ): Promise<MigrationPage> {
    const { rows, totalRows } = await this.repository.findPage(
      staffAccountOf(actor),
      query.page,
      query.pageSize,
    );
    return {
      rows: rows.map(toSummary),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  async findOne(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    const refused = await this.repository.refusedRows(id);
    return {
      ...toSummary(record),
      refusedRows: refused.map((row) => ({
        rowNumber: row.rowNumber,
        column: row.column ?? "",
        message: row.message ?? "",
      })),
    };
  }

  /** Another account's import is unknown here, not forbidden. */
  private async ownImport(
    actor: CurrentUser,
    id: string,
  ): Promise<MigrationImportRecord> {
    const record = await this.repository.findImport(id);
    if (!record || record.accountId !== staffAccountOf(actor))
      throw new AppError("NOT_FOUND", MIGRATION_MESSAGES.notFound);
    return record;
  }

  // ---- The job -----------------------------------------------------------------------------------

  /** Runs every queued import, and any whose worker stopped (the job's pass; tests call it directly). */
  async runPending(): Promise<number> {
    let ran = 0;
    for (
      let next = await this.repository.claimNext();
      next;
      next = await this.repository.claimNext()
    ) {
      await this.runClaimed(next.id);
      ran += 1;
    }
    return ran;
  }

  /**
   * Runs a claimed import from where it stands: rows with a result already are skipped.
   * `stopAfterChunks` stops as a killed worker would (tests of the resume).
   */
  async runClaimed(
    importId: string,
    options: { stopAfterChunks?: number } = {},
  ): Promise<void> {
    const record = await this.repository.findImport(importId);
    if (!record) return;
    try {
      const kind = IMPORT_KINDS[record.kind as MigrationKind];
      const zone = await new AccountTimeZones(
        this.repository.executor,
      ).ofAccount(record.accountId);
      const today = dayIn(zone, this.settings.now?.() ?? new Date());
      const checked = kind.check(record.content ?? "", today);
      if (!checked.ok) throw new Error(checked.reason);
      const done = await this.repository.processedRowNumbers(importId);
      const actorId =
        record.createdBy ?? "00000000-0000-0000-0000-000000000000";
      const stamp = (outcome: Outcome): NewMigrationRow => ({
        ...outcome,
        importId,
        createdBy: actorId,
        modifiedBy: actorId,
      });
      await this.repository.transaction(async (tx) => {
        await this.repository.insertRows(
          tx,
          checked.refused
            .filter((row) => !done.has(row.rowNumber))
            .map((row) => stamp(refusedOutcome(row))),
        );
        await this.repository.refreshProgress(tx, importId);
      });
      const rows = checked.rows.filter((row) => !done.has(row.rowNumber));
      const run: KindRun = {
        record,
        repository: this.repository,
        write: !record.dryRun,
        actorId,
        today,
        defaultPattern: this.settings.defaultPattern,
      };
      const facts: unknown = await kind.facts(run, rows);
      const size = this.settings.chunkRows ?? MIGRATION_CHUNK_ROWS;
      let chunks = 0;
      for (let start = 0; start < rows.length; start += size) {
        if (
          options.stopAfterChunks !== undefined &&
          chunks >= options.stopAfterChunks
        )
          return;
        const chunk = rows.slice(start, start + size);
        await this.repository.transaction(async (tx) => {
          const outcomes: NewMigrationRow[] = [];
          for (const row of chunk)
            outcomes.push(stamp(await kind.apply({ ...run, tx, facts }, row)));
          await this.repository.insertRows(tx, outcomes);
          await this.repository.refreshProgress(tx, importId);
        });
        chunks += 1;
      }
      await this.repository.finish(importId, "Finished", null);
    } catch (error) {
      this.settings.log.warn({ err: error, importId }, "legacy import failed");
      await this.repository.finish(
        importId,
        "Failed",
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  // ---- Undo --------------------------------------------------------------------------------------

  /**
   * Removes what the import created and puts back what it updated, newest row first, in one
   * transaction: refused (409, nothing changed) when any of it was touched since. Numbers the
   * import moved a counter past stay taken: a number is never handed out twice.
   */
  async undo(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    if (record.dryRun)
      throw new AppError("CONFLICT", MIGRATION_MESSAGES.dryRunNoUndo);
    if (record.status === "Undone")
      throw new AppError("CONFLICT", MIGRATION_MESSAGES.alreadyUndone);
    if (record.status !== "Finished")
      throw new AppError("CONFLICT", MIGRATION_MESSAGES.notFinished);
    const rows = await this.repository.rowsOf(id);
    const kind = IMPORT_KINDS[record.kind as MigrationKind];
    let rowNumber = 0;
    try {
      await this.repository.transaction(async (tx) => {
        for (const row of rows) {
          if (row.result === "refused" || row.result === "unchanged") continue;
          rowNumber = row.rowNumber;
          await kind.undo(
            { record, repository: this.repository, tx, actorId: actor.id },
            row,
          );
        }
        await this.repository.markUndone(tx, id, actor.id);
      });
    } catch (error) {
      // Something else refers to a record the import made (a mail, a payment, a credential): it was touched.
      if (isForeignKeyViolation(error))
        throw new AppError(
          "CONFLICT",
          MIGRATION_MESSAGES.touched(rowNumber, kind.recordWord),
        );
      throw error;
    }
    return this.findOne(actor, id);
  }
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
