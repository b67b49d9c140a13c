import { afterAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@raahi/domain';
import { ApiError } from '../http/errors';
import { pdfText } from '../testing/pdf-text';
import { pdfRenderer } from './pdf-renderer';

const answer = (rows: number): ReportAnswer => ({
  key: 'inventory-valuation',
  title: 'Inventory Valuation',
  from: null,
  to: null,
  filters: {},
  columns: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'value', label: 'Value', kind: 'money' },
  ],
  rows: Array.from({ length: rows }, (_, i) => ({ name: `Item ${i + 1}`, value: 1234567.5 + i })),
  totals: null,
  hasMore: false,
  page: 1,
  pageSize: rows,
  chart: { type: 'bar', x: 'name', series: ['value'], points: [] },
  notes: ['A note.'],
});
const job = (rows: number) => ({
  answer: answer(rows),
  header: { period: 'The records as they are on 28/11/2026', filters: 'Filters: none', generated: 'Generated on 28/11/2026' },
  extent: { moreRows: 0, moreRowsAtLeast: false },
});

describe('the PDF renderer (decision 0060)', () => {
  const renderer = pdfRenderer({ workers: 1, maxQueued: 1, timeoutMs: 60_000 });
  afterAll(() => renderer.close());

  it('makes the PDF in a worker thread, the same as on the event loop (rupees with Indian grouping)', async () => {
    const pdf = await renderer.render(job(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('Inventory Valuation');
    expect(text).toContain('₹12,34,569.50');
    expect(text).toContain('This PDF holds all 3 rows of the report.');
    expect(renderer.pending).toBe(0);
  }, 60_000);

  it('queues past its worker up to its bound and refuses one more with 429 and Retry-After; a job whose client left is dropped', async () => {
    const rendering = renderer.render(job(400));
    const gone = new AbortController();
    const queued = renderer.render(job(1), gone.signal);
    const refused = await renderer.render(job(1)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers?.['Retry-After']).toBeDefined();
    gone.abort();
    await expect(queued).rejects.toThrow(/went away/);
    expect((await rendering).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderer.pending).toBe(0);
  }, 60_000);
});
