import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resourceOf } from '../resources';
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

/** A zip written by hand: each entry deflated, `declared` overriding the uncompressed size its headers state. */
function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    directory.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('CSV', () => {
  it('sniffs comma, semicolon or tab from the header line, outside quotes', () => {
    expect(sniffSeparator('Make,Model,Year')).toBe(',');
    expect(sniffSeparator('Make;Model;"Year, of make"')).toBe(';');
    expect(sniffSeparator('Make\tModel\tYear')).toBe('\t');
    expect(rows('a;b;c\n1;"2;3";4\n')).toEqual([['a', 'b', 'c'], ['1', '2;3', '4']]);
    expect(rows('a\tb\r\n1\t2\r\n')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('reads quoted fields: separators, line breaks and doubled quotes inside; CRLF, LF or CR line ends', async () => {
    expect(rows('Make,Notes\r\nTata,"Steel, 24 t\r\n""fragile"""\rAshok,plain')).toEqual([['Make', 'Notes'], ['Tata', 'Steel, 24 t\r\n"fragile"'], ['Ashok', 'plain']]);
    await expect(refusal(Promise.resolve().then(() => rows('a,b\n"open,2\n')))).resolves.toMatchObject({ status: 422 });
  });

  it('reads UTF-8 with or without a byte order mark, and Windows-1252 when the bytes are not UTF-8', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name,City\nRamesh,Pune ₹\n')]);
    expect(await all(withBom)).toMatchObject({ header: ['Name', 'City'], records: [['Ramesh', 'Pune ₹']] });
    // 'Café' and '€' as Excel on Windows saves them (é = 0xE9, € = 0x80).
    const cp1252 = Buffer.from([...Buffer.from('Name,Note\nCaf'), 0xe9, ...Buffer.from(',5 '), 0x80, 0x0a]);
    expect(await all(cp1252)).toMatchObject({ records: [['Café', '5 €']] });
  });

  it('refuses an empty file, a header without records, binary junk and a fake .xlsx, each in words', async () => {
    expect(await refusal(all(Buffer.alloc(0)))).toMatchObject({ status: 422, title: 'Empty File' });
    expect(await refusal(all(Buffer.from('\n\n  \n')))).toMatchObject({ status: 422, title: 'Empty File' });
    expect(await refusal(all(Buffer.from('Make,Model\r\n')))).toMatchObject({ status: 422, title: 'No Records' });
    expect(await refusal(all(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toMatchObject({ status: 422, message: expect.stringContaining('not a CSV') });
    expect(await refusal(all(Buffer.from('Make,Model\nTata,Prima\n'), 'fleet.xlsx'))).toMatchObject({ status: 422, message: expect.stringContaining('not an Excel workbook') });
  });

  it('refuses 10,000 columns, a cell of 1 MB, and stops at the first row over the limit', async () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    expect(await refusal(all(Buffer.from(`${wide}\n`)))).toMatchObject({ title: 'Too Many Columns' });
    expect(await refusal(all(Buffer.from(`Make,Notes\nTata,${'x'.repeat(1024 * 1024)}\n`)))).toMatchObject({ title: 'Cell Too Long', message: expect.stringContaining('Row 2') });
    const five = `Make\n${Array.from({ length: 6 }, (_, i) => `T${i}`).join('\n')}\n`;
    expect(await refusal(all(Buffer.from(five), 'f.csv', { ...LIMITS, maxRows: 5 }))).toMatchObject({ title: 'Too Many Rows', message: expect.stringContaining('row 7') });
    expect((await all(Buffer.from(five), 'f.csv', { ...LIMITS, maxRows: 6 })).records).toHaveLength(6);
  });
});

describe('XLSX', () => {
  it('reads the first sheet: a formula as its cached value (never evaluated), a date cell as its day, numbers as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow(['Make', 'Year', 'Purchase Date', 'Notes']);
    sheet.addRow(['Tata', { formula: '2000+22', result: 2022 }, new Date(Date.UTC(2022, 3, 15)), { formula: 'HYPERLINK("http://evil.example","x")', result: 'cached text' }]);
    sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
    workbook.addWorksheet('Ignored').addRow(['Not', 'read']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await all(bytes, 'fleet.xlsx')).toEqual({ format: 'xlsx', header: ['Make', 'Year', 'Purchase Date', 'Notes'], records: [['Tata', '2022', '2022-04-15', 'cached text']] });
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
    expect(await refusal(all(zipOf([{ name: 'junk', data: Buffer.from('not a workbook') }]), 'fleet.xlsx'))).toMatchObject({ status: 422, message: expect.stringContaining('not a valid Excel workbook') });
  });
});

describe('values from text', () => {
  it('dates as DD/MM/YYYY, D-M-YYYY, YYYY-MM-DD and Excel serials, 1900 to 2100 only', () => {
    expect(['25/11/2026', '5-1-2026', '2026-11-25', '05.01.2026', '46351'].map(parseDate)).toEqual(['2026-11-25', '2026-01-05', '2026-11-25', '2026-01-05', '2026-11-25']);
    expect(['31/02/2024', '25/11/26', '2026/25/11', '01/01/2101', '1/1/1899', '0', 'tomorrow', '1'.repeat(11)].map(parseDate)).toEqual([null, null, null, null, null, null, null, null]);
    expect(parseDateTime('25/11/2026 14:30', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('2026-11-25 02:30 PM', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('2026-11-25T09:00:00Z', 'Asia/Kolkata')).toBe('2026-11-25T09:00:00.000Z');
    expect(parseDateTime('25/11/2026 25:00', 'Asia/Kolkata')).toBeNull();
  });

  it('amounts with or without ₹ and Indian grouping', () => {
    expect(['₹1,23,456.50', '1,23,456.50', 'Rs. 500', '₹ 94.50', '-₹200', '(1,000)', '12'].map(parseAmount)).toEqual([123456.5, 123456.5, 500, 94.5, -200, -1000, 12]);
    expect(['₹', '1.2.3', '12abc', '1,000.5,0'].map(parseAmount)).toEqual([null, null, null, null]);
  });

  it('choices by label or stored value, any case; flags as yes or no', () => {
    const fuel = resourceOf('fuel-expenses');
    const fields = (fuel.area as unknown as { fields: Record<string, Parameters<typeof cellValue>[0]> }).fields;
    expect(cellValue(fields.type, 'meal allowance', 'Asia/Kolkata')).toEqual({ value: 'Meal' });
    expect(cellValue(fields.type, 'MEAL', 'Asia/Kolkata')).toEqual({ value: 'Meal' });
    expect(cellValue(fields.type, 'Snacks', 'Asia/Kolkata')).toEqual({ error: expect.stringContaining('must be one of: Fuel, Maintenance') });
    expect(['Yes', 'no', 'TRUE', ''].map((t) => cellValue(fields.partialFill, t, 'Asia/Kolkata'))).toEqual([{ value: true }, { value: false }, { value: true }, { value: false }]);
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
