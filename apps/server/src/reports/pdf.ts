import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatReportCell, isNumericKind, REPORT_PDF_ROW_CAP, type ReportAnswer, type ReportColumn, type ReportRow } from '@raahi/domain';
import { totalsCells } from './csv';

/**
 * A report as PDF (decision 0047): pdfkit, with DejaVu Sans from the dejavu-fonts-ttf package (installed with the
 * server, never fetched at run time), which has the rupee sign (U+20B9). The cells read as on the screen
 * (formatReportCell: ₹1,23,45,678.50). Landscape when the table is wide; the header repeats on every page; the first
 * page and the line after the last row say how many rows it holds and, at REPORT_PDF_ROW_CAP, that it stops there and
 * how many more exist. Never silently cut: a long cell wraps instead of being clipped.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontsOf = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  });

const MARGIN = 36;
const CELL_PAD = 3;
const FONT_SIZE = 8;
const WIDE_COLUMNS = 6;
const count = (n: number) => n.toLocaleString('en-IN');

export interface PdfExtent {
  /** Rows after the PDF's last (counted up to the CSV's cap); 0 when the PDF holds every row. */
  moreRows: number;
  /** Whether moreRows stopped counting at the CSV's cap (there may be more still). */
  moreRowsAtLeast: boolean;
}

/** The lines under the title: the period, the filters, when it was made. */
export interface PdfHeader {
  period: string;
  filters: string;
  generated: string;
}

/** The line the first page and the end of the table carry about the rows the PDF holds. */
export function pdfRowsText(rows: number, extent: PdfExtent): string {
  if (extent.moreRows === 0) return `This PDF holds all ${count(rows)} rows of the report.`;
  const more = `${extent.moreRowsAtLeast ? 'at least ' : ''}${count(extent.moreRows)} more rows`;
  return `This PDF holds the first ${count(rows)} rows and stops there (the PDF limit of ${count(REPORT_PDF_ROW_CAP)} rows): ${more} exist. Download the CSV or narrow the period or filters for the rest. The totals are over every row of the report.`;
}

export function reportPdf(answer: ReportAnswer, header: PdfHeader, extent: PdfExtent): Promise<Buffer> {
  const { columns } = answer;
  const doc = new PDFDocument({
    size: 'A4',
    layout: columns.length > WIDE_COLUMNS ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: answer.title, Creator: 'Raahi' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = fontsOf();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;

  doc.font('bold').fontSize(16).text(answer.title, left, MARGIN, { width });
  doc.font('body').fontSize(9).moveDown(0.3);
  doc.text(header.period, { width });
  if (header.filters) doc.text(header.filters, { width });
  doc.text(header.generated, { width });
  const rowsText = pdfRowsText(answer.rows.length, extent);
  doc.font('bold').text(rowsText, { width });
  doc.moveDown(0.6);

  // Column widths from the labels and the longest cells (the first rows, the totals), shared out over the page.
  doc.font('body').fontSize(FONT_SIZE);
  const sample = answer.rows.slice(0, 300).concat(answer.totals ? [totalsCells(columns, answer.totals)] : []);
  const wants = columns.map((column) => {
    const widest = Math.max(doc.widthOfString(column.label) * 1.1, ...sample.map((row) => doc.widthOfString(formatReportCell(column.kind, row[column.key]))));
    return Math.min(Math.max(widest + 2 * CELL_PAD, 36), 220);
  });
  const scale = width / wants.reduce((a, b) => a + b, 0);
  const widths = wants.map((w) => w * scale);

  const drawRow = (cells: string[], font: 'body' | 'bold', isHeader: boolean) => {
    doc.font(font).fontSize(FONT_SIZE);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: widths[i] - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      if (!isHeader) drawHeader();
      doc.font(font).fontSize(FONT_SIZE);
    }
    const top = doc.y;
    if (isHeader) doc.rect(left, top, width, height).fill('#eef2f7').fillColor('black');
    let x = left;
    cells.forEach((text, i) => {
      const align = isNumericKind(columns[i].kind) ? 'right' : 'left';
      doc.text(text, x + CELL_PAD, top + CELL_PAD, { width: widths[i] - 2 * CELL_PAD, align });
      x += widths[i];
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.3)
      .strokeColor('#cbd5e1')
      .stroke()
      .strokeColor('black');
    doc.y = top + height;
  };
  const drawHeader = () =>
    drawRow(
      columns.map((column) => column.label),
      'bold',
      true,
    );

  drawHeader();
  for (const row of answer.rows)
    drawRow(
      columns.map((column: ReportColumn) => formatReportCell(column.kind, row[column.key])),
      'body',
      false,
    );
  if (answer.rows.length === 0)
    drawRow(
      columns.map((_, i) => (i === 0 ? 'No rows for this period and filters.' : '')),
      'body',
      false,
    );
  if (answer.totals) {
    const totals: ReportRow = totalsCells(columns, answer.totals);
    drawRow(
      columns.map((column) => (totals[column.key] === undefined || totals[column.key] === null ? '' : formatReportCell(column.kind, totals[column.key]))),
      'bold',
      false,
    );
  }
  doc.moveDown(0.6);
  doc.font('bold').fontSize(9).text(rowsText, left, doc.y, { width });
  if (answer.notes.length) {
    doc.font('bold').moveDown(0.4).text('Notes', { width });
    doc.font('body');
    for (const note of answer.notes) doc.text(`• ${note}`, { width });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .text(`${answer.title} · page ${i + 1} of ${range.count}`, left, doc.page.height - MARGIN - 8, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
