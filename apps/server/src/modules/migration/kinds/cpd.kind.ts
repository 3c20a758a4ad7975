import type { ImportKind } from '../import-kind';

/** `cpd`: NOT BUILT YET (issue 41); its helper replaces this file. */
export const cpdKind: ImportKind = {
  kind: 'cpd',
  recordWord: 'CPD entry',
  example: {},
  check: () => ({ ok: false, reason: 'This kind of file cannot be imported yet' }),
  facts: async () => undefined,
  apply: async (_run, row) => ({ rowNumber: row.rowNumber, result: 'refused', column: '', message: 'This kind of file cannot be imported yet' }),
  undo: async () => undefined,
};
