import { ApiError } from './errors';

/**
 * Work that holds much memory or CPU while it runs (an import reading a workbook, a report file being rendered)
 * is admitted by a limiter of this process: at most `perServer` at once, and at most `perUser` at once for one
 * user or key. One past either is refused at once with 429 and Retry-After, never queued without bound, so that the
 * worst allowed job times the allowed concurrency is what the process may need. The counts live in this process
 * because the memory and the event loop they protect are this process's: several app servers each admit their own.
 */
export interface AdmissionLimits {
  perServer: number;
  perUser: number;
  /** Said in Retry-After: about how long one such job takes. */
  retryAfterSeconds: number;
}

export interface Admission {
  /** Takes a slot for `holder` (a user's or a key's id) or throws the 429; call the returned function once when done. */
  admit(holder: string): () => void;
  /** The slots taken now (tests and the bench read it). */
  readonly running: number;
}

export function admissionLimiter(what: string, limits: AdmissionLimits): Admission {
  let running = 0;
  const byHolder = new Map<string, number>();
  const refuse = (message: string) => new ApiError(429, 'Too Many Requests', message, undefined, { 'Retry-After': String(limits.retryAfterSeconds) });
  return {
    admit(holder) {
      const held = byHolder.get(holder) ?? 0;
      if (held >= limits.perUser)
        throw refuse(`You already have ${held} ${what} running, the most at once. Try again when ${held === 1 ? 'it ends' : 'one ends'}.`);
      if (running >= limits.perServer)
        throw refuse(`The server is already running ${running} ${what}, the most at once. Try again in ${limits.retryAfterSeconds} seconds.`);
      running++;
      byHolder.set(holder, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
        const left = (byHolder.get(holder) ?? 1) - 1;
        if (left === 0) byHolder.delete(holder);
        else byHolder.set(holder, left);
      };
    },
    get running() {
      return running;
    },
  };
}
