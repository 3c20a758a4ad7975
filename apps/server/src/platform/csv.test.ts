import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreNeutralisedFormula, toCsv } from './csv';

describe('CSV formula neutralising (security review, issue 15 item 10)', () => {
  it('puts a quote before text a spreadsheet would run as a formula', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(neutraliseFormula('+cmd|calc')).toBe("'+cmd|calc");
    expect(neutraliseFormula('-2+3')).toBe("'-2+3");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('\t=1')).toBe("'\t=1");
    expect(neutraliseFormula('\r=1')).toBe("'\r=1");
  });

  it('leaves ordinary text and plain numbers alone', () => {
    for (const value of ['Pat Payer', 'a=b', 'INV-000123', '', '350.00', '-12.50', '+3', '-5', '0', "O'Brien", "'quoted"]) {
      expect(neutraliseFormula(value)).toBe(value);
    }
  });

  it('gives a cell already quoted before a formula character one more quote, so that reading back is exact', () => {
    expect(neutraliseFormula("'=x")).toBe("''=x");
    expect(neutraliseFormula("'-5")).toBe("''-5");
    const values = ['=1+1', '@home', '-5', "'-5", "''=x", "'plain", 'plain', '+61 2 9999 0000', '-', '\tindented'];
    for (const value of values) expect(restoreNeutralisedFormula(neutraliseFormula(value))).toBe(value);
  });

  it('drops exactly one quote, and only before a formula character', () => {
    expect(restoreNeutralisedFormula("'=x")).toBe('=x');
    expect(restoreNeutralisedFormula("''=x")).toBe("'=x");
    expect(restoreNeutralisedFormula("'hello")).toBe("'hello");
    expect(restoreNeutralisedFormula('=x')).toBe('=x');
  });

  it('writes every string cell neutralised, with the header and a byte order mark, and keeps numbers as numbers', () => {
    const csv = toCsv(
      [
        ['=HYPERLINK("http://x","y")', '-12.50', -7, null],
        ['@cmd', 'Pat', 3.5, undefined],
      ],
      { columns: ['Name', 'Amount', 'Count', 'Note'] },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['Name', 'Amount', 'Count', 'Note'],
      [`'=HYPERLINK("http://x","y")`, '-12.50', '-7', ''],
      ["'@cmd", 'Pat', '3.5', ''],
    ]);
  });
});
