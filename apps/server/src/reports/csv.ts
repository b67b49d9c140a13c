import { csvReportCell, REPORT_EXPORT_ROW_CAP, type ReportAnswer, type ReportColumn, type ReportRow } from '@raahi/domain';
import { csvField } from '../http/csv-export';

/** A text cell is quoted and defused (CSV injection, OWASP); a number goes plain so a spreadsheet sums it. */
const cell = (column: ReportColumn, row: ReportRow) => {
  const value = row[column.key];
  const text = csvReportCell(column.kind, value);
  return typeof value === 'number' || typeof value === 'boolean' ? text : csvField(text);
};
const line = (cells: string[]) => cells.join(',') + '\r\n';

/** The totals line: the totals under their columns, "Total" in the first column when it holds none. */
export function totalsCells(columns: readonly ReportColumn[], totals: ReportRow): ReportRow {
  const first = columns[0]?.key;
  return first !== undefined && (totals[first] === undefined || totals[first] === null) ? { ...totals, [first]: 'Total' } : totals;
}

/**
 * A report as CSV (decision 0047): a byte order mark (₹ and names in Indian scripts read as UTF-8), the columns'
 * labels, every row (the answer holds up to REPORT_EXPORT_ROW_CAP), a blank line, the totals, the notes, and, when the
 * rows stop at the cap, a last line that says so. Built from one run of the report and sent in chunks of lines;
 * `done` is called once the last chunk is sent or the client cancels.
 */
export function reportCsv(answer: ReportAnswer, capped: boolean, done?: () => void): ReadableStream<Uint8Array> {
  const { columns, rows } = answer;
  const encoder = new TextEncoder();
  const CHUNK_ROWS = 2000;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + line(columns.map((column) => csvField(column.label)))));
    },
    pull(controller) {
      if (next < rows.length) {
        const chunk = rows.slice(next, next + CHUNK_ROWS);
        next += chunk.length;
        controller.enqueue(encoder.encode(chunk.map((row) => line(columns.map((column) => cell(column, row)))).join('')));
        return;
      }
      let tail = '';
      if (answer.totals) {
        const totals = totalsCells(columns, answer.totals);
        tail += '\r\n' + line(columns.map((column) => cell(column, totals)));
      }
      for (const note of answer.notes) tail += line([csvField(`Note: ${note}`)]);
      if (capped) tail += line([csvField(capText(rows.length))]);
      if (tail) controller.enqueue(encoder.encode(tail));
      controller.close();
      done?.();
    },
    // The client went away (the server cancels the stream): whoever waits for the end hears of it too.
    cancel() {
      done?.();
    },
  });
}

/** The last line of a CSV that stops at the cap. */
export const capText = (rows: number) =>
  `This file stops at ${rows.toLocaleString('en-IN')} rows (the export limit of ${REPORT_EXPORT_ROW_CAP.toLocaleString('en-IN')}); more rows exist. Narrow the period or filters to export the rest.`;
