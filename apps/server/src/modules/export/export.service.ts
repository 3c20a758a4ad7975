import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { EXPORT_MESSAGES, type ExportFailureRequest, type SaveCsvRequest, type SaveCsvResponse } from '@certs/shared/export/export.contract';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv } from '../../platform/csv';
import { dayIn, type AccountTimeZones } from '../account/account-time-zone';
import type { ExportRepository } from './export.repository';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The random part the stored name ends in (`applicants-845e746a54ec.csv`): unique, but nothing a person should read. */
const STORED_SUFFIX = /-[0-9a-f]{12}\.csv$/i;

/**
 * The name the file downloads under (issue 45 item 10): what it holds and the day it was exported
 * in the account's zone (`applicants-2026-12-07.csv`), not the stored name's random part.
 */
export function downloadNameOf(storedName: string, exportedDay: string): string {
  return `${storedName.replace(STORED_SUFFIX, '').replace(/\.csv$/i, '')}-${exportedDay}.csv`;
}

/**
 * `POST exportcsvdata/save/csv` (spec section 7): a staff table sends the rows of its current
 * filter as CSV; the server reads it and writes it again through `toCsv`, so every exported file
 * gets the same formula neutralisation and byte order mark whatever the browser sent, keeps it
 * under a name nobody can guess, and its author downloads it under a name a person reads. Failures are logged (spec section 8).
 */
export class ExportService {
  constructor(
    private readonly repository: ExportRepository,
    private readonly log: Log,
    private readonly zones: Pick<AccountTimeZones, 'ofAccount'>,
  ) {}

  async save(actor: CurrentUser, input: SaveCsvRequest): Promise<SaveCsvResponse> {
    let records: string[][];
    try {
      records = parse(input.csvContent, { bom: true, relax_column_count: false, skip_empty_lines: true }) as string[][];
    } catch (error) {
      this.log.warn({ userId: actor.id, fileName: input.fileName, reason: (error as Error).message }, 'CSV export failed: unreadable content');
      throw new AppError('BAD_REQUEST', EXPORT_MESSAGES.failed, { csvContent: EXPORT_MESSAGES.failed });
    }
    const [header, ...rows] = records;
    if (!header) throw new AppError('BAD_REQUEST', EXPORT_MESSAGES.contentRequired, { csvContent: EXPORT_MESSAGES.contentRequired });
    const fileName = `${input.fileName.replace(/\.csv$/i, '').replace(/\s+/g, '-')}-${randomBytes(6).toString('hex')}.csv`;
    await this.repository.insert({ fileName, content: toCsv(rows, { columns: header }), rowCount: rows.length, userId: actor.id, accountId: staffAccountOf(actor) });
    return { fileName, rowCount: rows.length };
  }

  async download(actor: CurrentUser, fileName: string): Promise<{ fileName: string; content: string }> {
    const accountId = staffAccountOf(actor);
    const found = await this.repository.findOwn(fileName, actor.id, accountId);
    if (!found) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.notFound);
    return { fileName: downloadNameOf(found.fileName, dayIn(await this.zones.ofAccount(accountId), found.createdOn)), content: found.content };
  }

  logFailure(actor: CurrentUser, input: ExportFailureRequest): void {
    this.log.warn({ userId: actor.id, table: input.table, reason: input.message }, 'CSV export failed');
  }
}
