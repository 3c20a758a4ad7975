import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useDateFormatter } from '../../lib/dates';
import { downloadFile } from '../../lib/download-file';
import { csvTextOfColumns, fetchAllPages, logExportFailure, saveAndDownloadCsv, type CsvColumn, type FetchPage } from '../../lib/export-csv';

/**
 * Where the rows come from: a paged list read page by page under the screen's filter (usually
 * `pagesOf(findX, params)`; `rowsOnScreen(rows)` for a list that is not paged) and written with
 * the columns given, then saved through `exportcsvdata/save/csv`; or a server route that streams
 * the same query as CSV (large tables).
 */
export type ExportSource<Row> = { kind: 'pages'; columns: readonly CsvColumn<Row>[]; fetchPage: FetchPage<Row> } | { kind: 'server'; path: string };

interface ExportButtonProps<Row> {
  /** What is exported, for the progress notice and the log ("Applications"). */
  table: string;
  /** What the file holds ("applicants.csv"); it downloads with the day added ("applicants-2026-12-07.csv"). */
  fileName: string;
  source: ExportSource<Row>;
  /** Nothing to export yet (e.g. no program chosen). */
  disabled?: boolean;
}

/**
 * The one Export CSV button of every staff table: it exports what the table shows under its
 * current filter, shows progress while a long export runs, and says so on the button when the
 * export failed (spec section 8: the failure is logged, nothing downloads).
 */
export function ExportButton<Row>({ table, fileName, source, disabled = false }: ExportButtonProps<Row>) {
  const [state, setState] = useState<'idle' | 'running' | 'failed'>('idle');
  const notice = useId();
  const dates = useDateFormatter();
  const run = async () => {
    setState('running');
    notifications.show({ id: notice, loading: true, autoClose: false, withCloseButton: false, title: `Exporting ${table}`, message: 'Preparing the file...' });
    try {
      if (source.kind === 'server') {
        await downloadFile(source.path, fileName);
      } else {
        const rows = await fetchAllPages(source.fetchPage, (done, total) => notifications.update({ id: notice, message: `${done} of ${total} rows read` }));
        await saveAndDownloadCsv(fileName, csvTextOfColumns(source.columns, rows, dates));
      }
      notifications.update({ id: notice, loading: false, autoClose: 3000, withCloseButton: true, color: 'green', title: `${table} exported`, message: fileName });
      setState('idle');
    } catch (error) {
      logExportFailure(table, error);
      notifications.hide(notice);
      setState('failed');
    }
  };
  return (
    <Button variant="light" color={state === 'failed' ? 'red' : undefined} loading={state === 'running'} disabled={disabled} onClick={() => void run()}>
      {state === 'failed' ? 'Export failed, try again' : 'Export CSV'}
    </Button>
  );
}
