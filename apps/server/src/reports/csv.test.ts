import { describe, expect, it } from 'vitest';
import { formatReportCell, REPORT_EXPORT_ROW_CAP, type ReportAnswer } from '@raahi/domain';
import { capText, reportCsv } from './csv';

const answer = (rows: ReportAnswer['rows']): ReportAnswer => ({
  key: 'inventory-valuation',
  title: 'Inventory Valuation',
  from: null,
  to: null,
  filters: {},
  columns: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'value', label: 'Value', kind: 'money' },
    { key: 'days', label: 'Days', kind: 'integer' },
  ],
  rows,
  totals: { value: 1234567.5 },
  hasMore: false,
  page: 1,
  pageSize: rows.length,
  chart: { type: 'bar', x: 'name', series: ['value'], points: [] },
  notes: ['=a note'],
});

describe('a report as CSV', () => {
  it('defuses formulas in text (not in numbers), quotes, writes totals and notes, and says where it stops at the cap', async () => {
    const bytes = await new Response(
      reportCsv(
        answer([
          { name: '@SUM(A1)', value: -12.5, days: -3 },
          { name: '-1+2', value: null, days: 0 },
          { name: 'a, "b"', value: 0.1, days: 1 },
        ]),
        true,
      ),
    ).arrayBuffer();
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Value,Days',
      "'@SUM(A1),-12.50,-3",
      "'-1+2,,0",
      '"a, ""b""",0.10,1',
      '',
      'Total,1234567.50,',
      'Note: =a note',
      `"${capText(3)}"`,
      '',
    ]);
    expect(capText(REPORT_EXPORT_ROW_CAP)).toBe(
      'This file stops at 1,00,000 rows (the export limit of 1,00,000); more rows exist. Narrow the period or filters to export the rest.',
    );
  });

  it('formats cells for the screen and the PDF: ₹ with Indian grouping, N/A for a missing value', () => {
    expect(formatReportCell('money', 12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatReportCell('money', null)).toBe('N/A');
    expect(formatReportCell('km', 1234.56)).toBe('1,234.6 km');
    expect(formatReportCell('kmPerLitre', 4.25)).toBe('4.3 km/L');
    expect(formatReportCell('percent', 12.34)).toBe('12.3%');
    expect(formatReportCell('date', '2026-11-05')).toBe('05/11/2026');
    expect(formatReportCell('month', '2026-11')).toBe('Nov 2026');
    expect(formatReportCell('flag', true)).toBe('Yes');
    expect(formatReportCell('integer', 123456)).toBe('1,23,456');
    expect(formatReportCell('celsius', -18)).toBe('-18.0 °C');
  });
});
