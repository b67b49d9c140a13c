import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportAnswer } from '@raahi/domain';
import { ApiError } from '../http/errors';
import type { PdfExtent, PdfHeader } from './pdf';

/**
 * Report PDFs are rendered off the event loop (decision 0060): pdfkit lays out a 2,000-row report in about a second
 * of CPU, during which a server rendering it on its own thread answers nothing else. A small pool of worker threads
 * (report-worker.ts) takes the answer as plain data and sends the bytes back; jobs past the busy workers wait in a
 * bounded queue (the report files' admission limit keeps it short; the bound is the guard behind it).
 *
 * The worker runs from the TypeScript source under tsx (vitest, npm run dev, the benches) and as
 * apps/server/dist/report-worker.js beside the bundled server (npm start), each found next to this module.
 */
export interface PdfJob {
  answer: ReportAnswer;
  header: PdfHeader;
  extent: PdfExtent;
}
export type PdfReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

export interface PdfRendererOptions {
  /** Worker threads (default 1: on a 2-core machine a second one only competes with the event loop). */
  workers: number;
  /** Jobs waiting for a worker beyond those rendering; one more is refused with 429. */
  maxQueued: number;
  /** A render that takes longer is abandoned and its worker replaced (a stuck render cannot hold a slot forever). */
  timeoutMs: number;
}

interface Task {
  id: number;
  job: PdfJob;
  resolve(bytes: Buffer): void;
  reject(err: Error): void;
  signal?: AbortSignal;
}

interface Slot {
  worker: Worker;
  task?: Task;
  timer?: NodeJS.Timeout;
}

const fromSource = import.meta.url.endsWith('.ts');

function startWorker(): Worker {
  if (!fromSource) return new Worker(new URL('./report-worker.js', import.meta.url));
  // The source under tsx (vitest, npm run dev, the benches). Node 20 neither gives a worker the main thread's tsx
  // hooks nor honours --import tsx in its execArgv, so the worker registers tsx's ESM hooks itself before importing
  // the TypeScript. tsx/esm/api's ESM file, found beside tsx's entry (its exports give `require` the CommonJS one).
  const tsxEntry = pathToFileURL(createRequire(import.meta.url).resolve('tsx'));
  const tsxApi = new URL('./esm/api/index.mjs', tsxEntry).href;
  const worker = new URL('./report-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); })`, { eval: true });
}

export function pdfRenderer(options: PdfRendererOptions) {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    slot.worker.unref();
    pump();
  };

  const spawnSlot = (): Slot => {
    const slot: Slot = { worker: startWorker() };
    // An idle worker does not keep the process alive (tests, a stopping server); one that renders does.
    slot.worker.unref();
    slot.worker.on('message', (reply: PdfReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      if ('bytes' in reply) task.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else task.reject(new Error(`The PDF could not be made: ${reply.error}`));
      finish(slot);
    });
    const fail = (err: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      clearTimeout(slot.timer);
      slot.task?.reject(err);
      slot.task = undefined;
      pump();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(new Error(`The report worker stopped (exit code ${code}).`));
    });
    slots.push(slot);
    return slot;
  };

  function pump() {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < options.workers ? spawnSlot() : undefined);
      if (!slot) return;
      const task = queue.shift()!;
      if (task.signal?.aborted) {
        task.reject(new Error('The client went away before its PDF was made.'));
        continue;
      }
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        // Abandoned: the worker is replaced by the next job.
        slots.splice(slots.indexOf(slot), 1);
        slot.task = undefined;
        void slot.worker.terminate();
        task.reject(new Error(`The PDF took longer than ${options.timeoutMs / 1000} seconds to make.`));
        pump();
      }, options.timeoutMs);
      slot.worker.postMessage({ id: task.id, ...task.job });
    }
  }

  return {
    /** The PDF's bytes, made by a worker; a job still queued when `signal` aborts (the client left) is dropped. */
    render(job: PdfJob, signal?: AbortSignal): Promise<Buffer> {
      const busy = slots.filter((s) => s.task).length;
      if (queue.length >= options.maxQueued && busy >= options.workers) {
        return Promise.reject(
          new ApiError(429, 'Too Many Requests', `The server is making ${busy + queue.length} PDFs. Try again in a few seconds.`, undefined, {
            'Retry-After': '5',
          }),
        );
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject, signal });
        pump();
      });
    },
    /** Stops the workers (tests; a stopping server need not: idle workers do not hold it). */
    async close() {
      const stopping = slots.splice(0).map((slot) => {
        clearTimeout(slot.timer);
        slot.task?.reject(new Error('The PDF renderer was closed.'));
        return slot.worker.terminate();
      });
      for (const task of queue.splice(0)) task.reject(new Error('The PDF renderer was closed.'));
      await Promise.all(stopping);
    },
    /** Jobs rendering and waiting (tests and the bench read it). */
    get pending() {
      return slots.filter((s) => s.task).length + queue.length;
    },
  };
}

export type PdfRenderer = ReturnType<typeof pdfRenderer>;
