import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { reportPdf } from './pdf';
import type { PdfJob, PdfReply } from './pdf-renderer';

/**
 * The report worker (decision 0060): renders a report's PDF off the server's event loop. It receives the answer as
 * plain data and sends the bytes back, transferred, not copied. Started by pdf-renderer.ts; bundled on its own as
 * apps/server/dist/report-worker.js (scripts/build-server.mjs).
 */
const port = parentPort;
if (!port) throw new Error('report-worker.ts runs only as a worker thread (pdf-renderer.ts starts it).');

// A PDF is background work: this thread (on Linux the priority is the calling thread's, not the process's) yields the
// CPU to the server's event loop, which answers everyone else. Measured: with the worker at the same priority, the
// fifty-PDF storm beside another test run held /livez up to 388 ms.
try {
  setPriority(10);
} catch {
  // A platform that will not lower it: the PDF is still made off the event loop.
}

port.on('message', async ({ id, answer, header, extent }: PdfJob & { id: number }) => {
  let reply: PdfReply;
  try {
    const pdf = await reportPdf(answer, header, extent);
    // A buffer of its own (never a slice of Node's shared pool), so that it can be transferred whole.
    const whole = pdf.buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    const bytes = whole ? new Uint8Array(pdf.buffer as ArrayBuffer) : new Uint8Array(pdf);
    reply = { id, bytes };
    port.postMessage(reply, [bytes.buffer]);
  } catch (err) {
    reply = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    port.postMessage(reply);
  }
});
