import { describe, expect, it } from 'vitest';
import { attachmentName } from './file-download-link';

describe('the file name of a download', () => {
  it('is the Content-Disposition filename, or the fallback when there is none or it is malformed', () => {
    expect(attachmentName('attachment; filename="cost-per-km-2026-10-01-2026-10-31.pdf"', 'report.pdf')).toBe('cost-per-km-2026-10-01-2026-10-31.pdf');
    expect(attachmentName(null, 'report.pdf')).toBe('report.pdf');
    expect(attachmentName('attachment', 'report.pdf')).toBe('report.pdf');
    expect(attachmentName('attachment; filename="', 'report.pdf')).toBe('report.pdf');
    expect(attachmentName(`attachment; filename="${'x'.repeat(600)}"`, 'report.pdf')).toBe('report.pdf');
  });
});
