import { useEffect, useRef, useState } from 'react';

/** pdf.js is large: loaded on first use, with its worker served from the app's own origin. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

interface PdfCanvasProps {
  /** The PDF to draw (its first page); null draws nothing yet. */
  bytes: ArrayBuffer | null;
  /** Width on screen in CSS pixels; the height follows the page. */
  width: number;
  label: string;
}

/**
 * The first page of a PDF drawn on a canvas with pdf.js (the server's preview, exactly as it will
 * print). `data-render-count` goes up after each finished drawing, for tests to wait on.
 */
export function PdfCanvas({ bytes, width, label }: PdfCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [renderCount, setRenderCount] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!bytes || !canvas) return;
    let cancelled = false;
    let cleanup = () => {};
    void (async () => {
      const pdfjs = await loadPdfJs();
      // pdf.js hands the buffer to its worker: give it a copy, the caller keeps its own.
      const task = pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
      cleanup = () => void task.destroy();
      const document = await task.promise;
      if (cancelled) return;
      const page = await document.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      // Drawn off screen first, then copied in one step: the old page stays until the new one is ready.
      const buffer = window.document.createElement('canvas');
      buffer.width = Math.round(viewport.width);
      buffer.height = Math.round(viewport.height);
      await page.render({ canvas: buffer, viewport }).promise;
      if (cancelled) return;
      canvas.width = buffer.width;
      canvas.height = buffer.height;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${Math.round(viewport.height / ratio)}px`;
      canvas.getContext('2d')?.drawImage(buffer, 0, 0);
      setRenderCount((count) => count + 1);
    })().catch((error: unknown) => {
      if (!cancelled) console.error('The preview could not be drawn', error);
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [bytes, width]);

  return <canvas ref={canvasRef} role="img" aria-label={label} data-render-count={renderCount} style={{ display: 'block', width }} />;
}
