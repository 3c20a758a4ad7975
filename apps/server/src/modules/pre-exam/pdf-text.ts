import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFStream } from 'pdf-lib';

/**
 * The text a PDF draws, in drawing order, one string per text operator: its pages' content streams
 * decoded (Flate) and the strings shown by `Tj` read back (hex or literal; the standard fonts'
 * WinAnsi reads as Latin-1 for the characters invoices use). Tests read invoices through it.
 */
export async function textOfPdf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const shown: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!stream) continue;
      const data = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents();
      const operators = Buffer.from(data).toString('latin1');
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
        shown.push(match[1] !== undefined ? Buffer.from(match[1], 'hex').toString('latin1') : (match[2] ?? '').replace(/\\(.)/g, '$1'));
      }
    }
  }
  return shown;
}
