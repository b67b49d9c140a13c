import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resourceOf } from '../resources';
import { hiddenEntryBomb, rowXml, sharedStringsFlood, sharedStringsXml, sheetXml, workbookOf, zipOf } from '../testing/workbooks';
import { csvRows, sniffSeparator } from './csv-reader';
import { headerKey, matchColumns } from './mapping';
import { CELL_LIMITS, openFile, zipLimitsFor, type ReadLimits } from './read-file';
import { cellValue, parseAmount, parseDate, parseDateTime } from './values';
import { zipEntries } from './zip-guard';

const LIMITS: ReadLimits = { ...CELL_LIMITS, ...zipLimitsFor(20 * 1024 * 1024), maxRows: 200_000 };
const rows = (text: string | Buffer) => [...csvRows(typeof text === 'string' ? Buffer.from(text) : text, CELL_LIMITS)];

async function all(bytes: Uint8Array, name = 'file.csv', limits = LIMITS) {
  const file = await openFile(bytes, name, limits);
  const records: string[][] = [];
  for await (const row of file.rows) records.push(row.cells);
  return { header: file.header, records, format: file.format };
}

/** A refusal's {status, title, message}: what the API answers. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const { status, title, message } = err as { status: number; title: string; message: string };
    return { status, title, message };
  }
  throw new Error('expected a refusal');
}

describe('CSV', () => {
  it('sniffs comma, semicolon or tab from the header line, outside quotes', () => {
    expect(sniffSeparator('Make,Model,Year')).toBe(',');
    expect(sniffSeparator('Make;Model;"Year, of make"')).toBe(';');
    expect(sniffSeparator('Make\tModel\tYear')).toBe('\t');
    expect(rows('a;b;c\n1;"2;3";4\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2;3', '4'],
    ]);
    expect(rows('a\tb\r\n1\t2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields: separators, line breaks and doubled quotes inside; CRLF, LF or CR line ends', async () => {
    expect(rows('Make,Notes\r\nTata,"Steel, 24 t\r\n""fragile"""\rAshok,plain')).toEqual([
      ['Make', 'Notes'],
      ['Tata', 'Steel, 24 t\r\n"fragile"'],
      ['Ashok', 'plain'],
    ]);
    await expect(refusal(Promise.resolve().then(() => rows('a,b\n"open,2\n')))).resolves.toMatchObject({ status: 422 });
  });

  it('reads UTF-8 with or without a byte order mark, and Windows-1252 when the bytes are not UTF-8', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name,City\nRamesh,Pune ₹\n')]);
    expect(await all(withBom)).toMatchObject({ header: ['Name', 'City'], records: [['Ramesh', 'Pune ₹']] });
    // 'Café' and '€' as Excel on Windows saves them (é = 0xE9, € = 0x80).
    const cp1252 = Buffer.from([...Buffer.from('Name,Note\nCaf'), 0xe9, ...Buffer.from(',5 '), 0x80, 0x0a]);
    expect(await all(cp1252)).toMatchObject({ records: [['Café', '5 €']] });
  });

  it('refuses a UTF-8 file with a stray byte, naming its row and byte, rather than reading it all as Windows-1252', async () => {
    // "Café" in UTF-8 on row 2, a lone 0xE9 (é in Windows-1252) on row 4.
    const mixed = Buffer.concat([Buffer.from('Name,Note\nCafé,ok\n"two\nlines",x\nRen'), Buffer.from([0xe9]), Buffer.from(',y\n')]);
    expect(await refusal(all(mixed))).toEqual({
      status: 422,
      title: 'Mixed Text Encoding',
      message:
        'Row 4 has a byte that is not UTF-8 (0xE9, byte 4 of the row), though the file is UTF-8 elsewhere. Save it again from Excel as "CSV UTF-8 (Comma delimited)" and upload it again.',
    });
    // Valid UTF-8 is UTF-8, Windows-1252 without any UTF-8-looking sequence is Windows-1252.
    expect(await all(Buffer.from('Name\nCafé\n'))).toMatchObject({ records: [['Café']] });
    expect(await all(Buffer.from([...Buffer.from('Name\nCaf'), 0xe9, 0x0a, ...Buffer.from('na'), 0xef, 0x76, 0x65, 0x0a]))).toMatchObject({
      records: [['Café'], ['naïve']],
    });
  });

  it('refuses an empty file, a header without records, binary junk and a fake .xlsx, each in words', async () => {
    expect(await refusal(all(Buffer.alloc(0)))).toMatchObject({ status: 422, title: 'Empty File' });
    expect(await refusal(all(Buffer.from('\n\n  \n')))).toMatchObject({ status: 422, title: 'Empty File' });
    expect(await refusal(all(Buffer.from('Make,Model\r\n')))).toMatchObject({ status: 422, title: 'No Records' });
    expect(await refusal(all(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toMatchObject({
      status: 422,
      message: expect.stringContaining('not a CSV'),
    });
    expect(await refusal(all(Buffer.from('Make,Model\nTata,Prima\n'), 'fleet.xlsx'))).toMatchObject({
      status: 422,
      message: expect.stringContaining('not an Excel workbook'),
    });
  });

  it('refuses 10,000 columns, a cell of 1 MB, and stops at the first row over the limit', async () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    expect(await refusal(all(Buffer.from(`${wide}\n`)))).toMatchObject({ title: 'Too Many Columns' });
    expect(await refusal(all(Buffer.from(`Make,Notes\nTata,${'x'.repeat(1024 * 1024)}\n`)))).toMatchObject({
      title: 'Cell Too Long',
      message: expect.stringContaining('Row 2'),
    });
    const five = `Make\n${Array.from({ length: 6 }, (_, i) => `T${i}`).join('\n')}\n`;
    expect(await refusal(all(Buffer.from(five), 'f.csv', { ...LIMITS, maxRows: 5 }))).toMatchObject({
      title: 'Too Many Rows',
      message: expect.stringContaining('row 7'),
    });
    expect((await all(Buffer.from(five), 'f.csv', { ...LIMITS, maxRows: 6 })).records).toHaveLength(6);
  });
});

describe('XLSX', () => {
  it('reads the first sheet: a formula as its cached value (never evaluated), a date cell as its day, numbers as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow(['Make', 'Year', 'Purchase Date', 'Notes']);
    sheet.addRow([
      'Tata',
      { formula: '2000+22', result: 2022 },
      new Date(Date.UTC(2022, 3, 15)),
      { formula: 'HYPERLINK("http://evil.example","x")', result: 'cached text' },
    ]);
    sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
    workbook.addWorksheet('Ignored').addRow(['Not', 'read']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await all(bytes, 'fleet.xlsx')).toEqual({
      format: 'xlsx',
      header: ['Make', 'Year', 'Purchase Date', 'Notes'],
      records: [['Tata', '2022', '2022-04-15', 'cached text']],
    });
  });

  it('refuses a zip bomb from its central directory, before inflating anything', () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<x/>'), declared: 3_000_000_000 }]);
    expect(() => zipEntries(bomb, LIMITS)).toThrow(/unpack to more than/);
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('') })));
    expect(() => zipEntries(many, LIMITS)).toThrow(/at most 1,000/);
  });

  it('refuses a zip whose entry inflates past the size it declares (a directory that lies)', async () => {
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024), declared: 1000 }]);
    expect(await refusal(all(liar, 'fleet.xlsx'))).toMatchObject({ status: 422, title: 'Workbook Too Large' });
    expect(await refusal(all(zipOf([{ name: 'junk', data: Buffer.from('not a workbook') }]), 'fleet.xlsx'))).toMatchObject({
      status: 422,
      message: expect.stringContaining('not a valid Excel workbook'),
    });
  });
});

describe('XLSX read through its central directory (issue 32)', () => {
  const header = ['Make', 'Model', 'License Plate'];
  const sheet = sheetXml(rowXml(1, [0, 1, 2]) + rowXml(2, [3, 4, 5]));
  const strings = [...header, 'Tata', 'Prima 4028.S', 'MH12AB1234'];

  it('never inflates a local entry its directory does not list: a hidden 3,000 MB xl/sharedStrings.xml is skipped and the real rows read', async () => {
    const bomb = hiddenEntryBomb(3000, sheet, strings);
    expect(bomb.length).toBeLessThan(12 * 1024 * 1024);
    const started = performance.now();
    expect(await all(bomb, 'fleet.xlsx')).toEqual({ format: 'xlsx', header, records: [['Tata', 'Prima 4028.S', 'MH12AB1234']] });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads the styles and shared strings whatever their place in the zip: shared, inline and rich text, cached formula results, booleans, errors, numbers and dates', async () => {
    const styles = `<styleSheet><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="&quot;day&quot; 0"/></numFmts>
      <cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;
    const rows = sheetXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Model</t></is></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c><c r="E1" t="s"><v>3</v></c><c r="F1" t="str"><v>Notes</v></c><c r="H1" t="s"><v>4</v></c></row>' +
        '<row r="7" spans="1:8"><c r="A7" t="s"><v>5</v></c><c r="B7" t="inlineStr"><is><r><t>Prima </t></r><r><rPr><b/></rPr><t>4028.S</t></r><rPh><t>ﾌﾟﾗｲﾏ</t></rPh></is></c>' +
        '<c r="C7" s="1"><v>44666</v></c><c r="D7" s="2"><v>45366.75</v></c><c r="E7" s="3"><f>2000+22</f><v>2022</v></c><c r="F7" t="str"><f>HYPERLINK("http://evil.example","x")</f><v>cached text</v></c><c r="G7" t="b"><v>1</v></c><c r="H7" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>' +
        '<row r="8"><c r="A8" t="s"><v>5</v></c><c r="B8"><v>0.1</v></c><c r="C8" t="b"><v>0</v></c><c r="D8" t="e"><v>#N/A</v></c><c r="E8"><f>E7+1</f></c></row>',
    );
    // Rich text in a shared string: its runs joined, its phonetic guide left out.
    const shared =
      '<sst><si><t>Make</t></si><si><t>Purchase Date</t></si><si><r><t>Last </t></r><r><t>Service</t></r><rPh sb="0" eb="1"><t>ラスト</t></rPh></si><si><t>Year</t></si><si><t xml:space="preserve"> Error </t></si><si><t>Tata &amp; Sons</t></si></sst>';
    const file = workbookOf({ sheet: rows, sharedStrings: shared, styles });
    const opened = await openFile(file, 'fleet.xlsx', LIMITS);
    expect(opened.header).toEqual(['Make', 'Model', 'Purchase Date', 'Last Service', 'Year', 'Notes', '', 'Error']);
    const read = [];
    for await (const row of opened.rows) read.push(row);
    // Rows keep the sheet's numbers; a number in a custom format with a quoted "day" is no date.
    expect(read).toEqual([
      { row: 7, cells: ['Tata & Sons', 'Prima 4028.S', '2022-04-15', '2024-03-15', '2022', 'cached text', 'true', '#DIV/0!'] },
      { row: 8, cells: ['Tata & Sons', '0.1', 'false', '#N/A', ''] },
    ]);
    // A workbook on the 1904 date system.
    const mac = workbookOf({
      sheet: sheetXml('<row r="1"><c t="inlineStr"><is><t>Date</t></is></c></row><row r="2"><c s="1"><v>43204</v></c></row>'),
      styles,
      date1904: true,
    });
    expect((await all(mac, 'mac.xlsx')).records).toEqual([['2022-04-15']]);
  });

  it('reads an exceljs workbook whose sheet comes before its shared strings, as Excel orders them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow(['Make', 'Model']);
    sheet.addRow(['Tata', 'Ace']);
    sheet.addRow([]);
    sheet.addRow(['Ashok Leyland', 'Dost']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const names = zipEntries(bytes, LIMITS).map((entry) => entry.name);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    const file = await openFile(bytes, 'fleet.xlsx', LIMITS);
    const read = [];
    for await (const row of file.rows) read.push(row);
    expect(read).toEqual([
      { row: 2, cells: ['Tata', 'Ace'] },
      { row: 4, cells: ['Ashok Leyland', 'Dost'] },
    ]);
  });

  it('a row number is not a loop count: row 500,000,000 is refused at once, a row past the row limit too, a jump within it read as blank rows', async () => {
    const far = workbookOf({ sheet: sheetXml(rowXml(1, ['Make']) + rowXml(2, ['Tata']) + rowXml(500_000_000, ['Ace'])) });
    expect(far.length).toBeLessThan(2048);
    const started = performance.now();
    expect(await refusal(all(far, 'far.xlsx'))).toEqual({
      status: 422,
      title: 'Too Many Rows',
      message: 'Row 50,00,00,000 is past row 10,48,576, the last row of an Excel sheet: the file is damaged. Save it again from Excel and upload it again.',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    const pastLimit = workbookOf({ sheet: sheetXml(rowXml(1, ['Make']) + rowXml(2, ['Tata']) + rowXml(1_000_000, ['Ace'])) });
    expect(await refusal(all(pastLimit, 'past.xlsx'))).toEqual({
      status: 422,
      title: 'Too Many Rows',
      message:
        'Row 10,00,000 of the sheet is past row 2,00,001: an import takes at most 2,00,000 records, one a row under the header. Delete the rows below the records, or split the file, and upload it again.',
    });
    const jump = workbookOf({ sheet: sheetXml(rowXml(1, ['Make']) + rowXml(2, ['Tata']) + rowXml(150_000, ['Ashok Leyland'])) });
    const file = await openFile(jump, 'jump.xlsx', LIMITS);
    const read = [];
    for await (const row of file.rows) read.push(row);
    expect(read).toEqual([
      { row: 2, cells: ['Tata'] },
      { row: 150_000, cells: ['Ashok Leyland'] },
    ]);
  });

  it('caps the shared strings by count and bytes while reading them, a text between two tags, and the characters of a row', async () => {
    const small = { ...LIMITS, maxSharedStrings: 3, maxSharedStringBytes: 1024 };
    const four = workbookOf({ sheet, sharedStrings: sharedStringsXml(['a', 'b', 'c', 'd']) });
    expect(await refusal(all(four, 'f.xlsx', small))).toEqual({
      status: 422,
      title: 'Workbook Too Large',
      message: 'The workbook holds more than 3 different texts, the most an import reads. Split it into smaller files, or save it as CSV, and upload it again.',
    });
    // 230 MB of shared strings in a workbook of under 1 MB: stopped at 32 MB, not read to the end.
    const flood = sharedStringsFlood(230, sheet);
    expect(flood.length).toBeLessThan(1024 * 1024);
    expect(await refusal(all(flood, 'f.xlsx'))).toEqual({
      status: 422,
      title: 'Workbook Too Large',
      message: "The workbook's texts come to more than 32 MB, the most an import reads. Split it into smaller files, or save it as CSV, and upload it again.",
    });
    const longText = workbookOf({ sheet, sharedStrings: sharedStringsXml(['Make', 'x'.repeat(2 * 1024 * 1024)]) });
    expect(await refusal(all(longText, 'f.xlsx'))).toMatchObject({
      status: 422,
      title: 'Workbook Too Large',
      message: expect.stringContaining('xl/sharedStrings.xml holds a text of more than 1 MB between two tags'),
    });
    // One 9,000-character text referred to by every cell of a row: the row's characters are what is counted.
    const wide = workbookOf({ sheet: sheetXml(rowXml(1, ['Make']) + rowXml(2, [0, 0, 0, 0])), sharedStrings: sharedStringsXml(['y'.repeat(9000)]) });
    expect(await refusal(all(wide, 'f.xlsx'))).toEqual({
      status: 422,
      title: 'Row Too Long',
      message: 'Row 2 holds more than 32,000 characters in all, the most a row of an import holds. Shorten its cells and upload the file again.',
    });
  });

  it('refuses a part whose local header names another part than the directory says', async () => {
    const good = workbookOf({ sheet, sharedStrings: sharedStringsXml(strings) });
    const swapped = Buffer.from(good);
    const at = swapped.indexOf('xl/worksheets/sheet1.xml');
    swapped.write('xl/worksheets/sheet9', at);
    expect(await refusal(all(swapped, 'f.xlsx'))).toEqual({
      status: 422,
      title: 'File Not Readable',
      message: "The workbook's parts do not match its table of contents (xl/worksheets/sheet1.xml). Save it again from Excel and upload it again.",
    });
  });
});

describe('values from text', () => {
  it('dates as DD/MM/YYYY, D-M-YYYY, YYYY-MM-DD and Excel serials, 1900 to 2100 only', () => {
    expect(['25/11/2026', '5-1-2026', '2026-11-25', '05.01.2026', '46351'].map(parseDate)).toEqual([
      '2026-11-25',
      '2026-01-05',
      '2026-11-25',
      '2026-01-05',
      '2026-11-25',
    ]);
    expect(['31/02/2024', '25/11/26', '2026/25/11', '01/01/2101', '1/1/1899', '0', 'tomorrow', '1'.repeat(11)].map(parseDate)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(parseDateTime('25/11/2026 14:30', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('2026-11-25 02:30 PM', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('2026-11-25T09:00:00Z', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('25/11/2026 25:00', 'Asia/Kolkata')).toBeNull();
  });

  it('amounts with or without ₹ and Indian grouping', () => {
    expect(['₹1,23,456.50', '1,23,456.50', 'Rs. 500', '₹ 94.50', '-₹200', '(1,000)', '12'].map(parseAmount)).toEqual([
      123456.5, 123456.5, 500, 94.5, -200, -1000, 12,
    ]);
    expect(['₹', '1.2.3', '12abc', '1,000.5,0'].map(parseAmount)).toEqual([null, null, null, null]);
  });

  it('choices by label or stored value, any case; flags as yes or no', () => {
    const fuel = resourceOf('fuel-expenses');
    const fields = (fuel.area as unknown as { fields: Record<string, Parameters<typeof cellValue>[0]> }).fields;
    expect(cellValue(fields.type, 'meal allowance', 'Asia/Kolkata')).toEqual({ value: 'Meal' });
    expect(cellValue(fields.type, 'MEAL', 'Asia/Kolkata')).toEqual({ value: 'Meal' });
    expect(cellValue(fields.type, 'Snacks', 'Asia/Kolkata')).toEqual({ error: expect.stringContaining('must be one of Fuel, Maintenance') });
    expect(['Yes', 'no', 'TRUE', ''].map((t) => cellValue(fields.partialFill, t, 'Asia/Kolkata'))).toEqual([
      { value: true },
      { value: false },
      { value: true },
      { value: false },
    ]);
  });
});

describe('headers to fields', () => {
  it('match by label, name and alias, ignoring case, spacing and punctuation', () => {
    expect(headerKey('  License No. ')).toBe('licenseno');
    const columns = matchColumns(resourceOf('vehicles'), ['GAADI NO', 'make', 'Current Mileage', 'Chassis No.', 'Colour', 'Vehicle ID']);
    expect(columns.map((c) => c.field)).toEqual(['licensePlate', 'make', 'currentMileage', 'vin', '', '']);
    expect(matchColumns(resourceOf('vehicles'), ['Reg No', 'Registration Number']).map((c) => c.field)).toEqual(['licensePlate', '']);
    expect(matchColumns(resourceOf('drivers'), ['Aadhar Card', 'DL No', 'ID']).map((c) => c.field)).toEqual(['', 'license', 'id']);
  });
});
