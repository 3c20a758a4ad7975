import { vi } from 'vitest';
import { jsonResponse, type RecordedCall } from './fetch-stub';

/**
 * What an export sends and saves, in a test: `handle` answers the save and the download of a CSV
 * export (call it first in a fetch stub; undefined for any other call), and `exportCalls` reads
 * back the CSV each save was given. jsdom has no object URLs and cannot follow a download link,
 * so both are stubbed (the object URL functions stay defined: the button revokes its URL later,
 * possibly after the test).
 */
export function stubCsvExports() {
  if (!URL.createObjectURL) Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test' });
  if (!URL.revokeObjectURL) Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const handle = (call: RecordedCall): Response | undefined => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/exportcsvdata/save/csv') {
      const body = call.body as { fileName: string; csvContent: string };
      return jsonResponse({ fileName: body.fileName.replace(/\.csv$/, '-0123456789ab.csv'), rowCount: body.csvContent.split('\r\n').length - 1 });
    }
    if (url.pathname.startsWith('/api/exportcsvdata/download/')) return new Response('"saved"', { headers: { 'content-type': 'text/csv' } });
    if (url.pathname === '/api/exportcsvdata/failure') return new Response(null, { status: 204 });
    return undefined;
  };
  return {
    handle,
    /** The downloads the page started (the links it clicked). */
    downloads: () => clicks.mock.contexts.map((link) => (link as HTMLAnchorElement).download),
  };
}

/** The file names and CSV lines each export saved. */
export function savedExports(calls: readonly RecordedCall[]): { fileName: string; lines: string[] }[] {
  return calls
    .filter((call) => call.method === 'POST' && new URL(call.url, 'http://localhost').pathname === '/api/exportcsvdata/save/csv')
    .map((call) => {
      const body = call.body as { fileName: string; csvContent: string };
      return { fileName: body.fileName, lines: body.csvContent.split('\r\n') };
    });
}
