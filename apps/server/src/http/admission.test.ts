import { describe, expect, it } from 'vitest';
import { admissionLimiter } from './admission';
import { ApiError } from './errors';

describe('admission limiter', () => {
  it('admits up to the per-user and per-server limits, refuses past them with 429 and Retry-After, and gives slots back once', () => {
    const limiter = admissionLimiter('imports', { perServer: 3, perUser: 2, retryAfterSeconds: 7 });
    const a1 = limiter.admit('a');
    limiter.admit('a');
    let refused: unknown;
    try {
      limiter.admit('a');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '7' });
    limiter.admit('b');
    expect(() => limiter.admit('c')).toThrow(/server is already running 3 imports/);
    a1();
    a1();
    expect(limiter.running).toBe(2);
    limiter.admit('c');
    expect(limiter.running).toBe(3);
  });
});
