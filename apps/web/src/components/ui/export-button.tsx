import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { downloadFile } from '../../lib/download-file';
import { csvTextOf, fetchAllPages, logExportFailure, saveAndDownloadCsv, type CsvValue } from '../../lib/export-csv';

/**
 * Where the rows come from: a paged list read page by page under the screen's filter (then saved
 * through `exportcsvdata/save/csv`), or a server route that streams the same query as CSV.
 */
export type ExportSource<Row> =
  | { kind: 'pages'; columns: readonly string[]; fetchPage: (page: number, pageSize: number) => Promise<{ rows: readonly Row[]; totalRows: number }>; toCells: (row: Row) => readonly CsvValue[] }
  | { kind: 'server'; path: string };

interface ExportButtonProps<Row> {
  /** What is exported, for the progress notice and the log ("Applications"). */
  table: string;
  fileName: string;
  source: ExportSource<Row>;
}

/**
 * The one Export CSV button of every staff table: it exports what the table shows under its
 * current filter, shows progress while a long export runs, and says so on the button when the
 * export failed (spec section 8: the failure is logged, nothing downloads).
 */
export function ExportButton<Row>({ table, fileName, source }: ExportButtonProps<Row>) {
  const [state, setState] = useState<'idle' | 'running' | 'failed'>('idle');
  const notice = useId();
  const run = async () => {
    setState('running');
    notifications.show({ id: notice, loading: true, autoClose: false, withCloseButton: false, title: `Exporting ${table}`, message: 'Preparing the file...' });
    try {
      if (source.kind === 'server') {
        await downloadFile(source.path, fileName);
      } else {
        const rows = await fetchAllPages(source.fetchPage, (done, total) => notifications.update({ id: notice, message: `${done} of ${total} rows read` }));
        await saveAndDownloadCsv(fileName, csvTextOf(source.columns, rows.map(source.toCells)));
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
    <Button variant="light" color={state === 'failed' ? 'red' : undefined} loading={state === 'running'} onClick={() => void run()}>
      {state === 'failed' ? 'Export failed, try again' : 'Export CSV'}
    </Button>
  );
}
