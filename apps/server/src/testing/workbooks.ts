import { constants, deflateRawSync } from 'node:zlib';

/**
 * Workbooks written by hand for the import's tests: every byte of the zip is the test's, so that a hostile file
 * (a part its table of contents does not list, a size that lies, gigabytes deflated into megabytes) is generated
 * by the test itself.
 */

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The uncompressed size the headers state, when not the data's. */
  declared?: number;
  /** The deflated bytes, when the test made them (see repeatDeflated). */
  compressed?: Buffer;
  /** In the zip behind its local header, but not listed in its central directory. */
  hidden?: boolean;
}

/** A zip written by hand: each part deflated, in the given order. */
export function zipOf(entries: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = entry.compressed ?? deflateRawSync(entry.data);
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
    if (!entry.hidden) directory.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const listed = entries.filter((entry) => !entry.hidden).length;
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * `head`, then `unit` repeated `times`, then `tail`, deflated without ever holding the whole: a deflate block
 * of `unit` × `perBlock` ends on a sync flush and may be repeated as is (it refers back only into itself), so
 * gigabytes of text cost kilobytes and milliseconds. Returns the deflated bytes and the inflated size.
 */
export function repeatDeflated(head: string, unit: string, times: number, tail: string, perBlock = 1000): { compressed: Buffer; size: number } {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const block = deflateRawSync(Buffer.from(unit.repeat(perBlock)), flush);
  const blocks = Math.floor(times / perBlock);
  const rest = times - blocks * perBlock;
  const parts = [
    deflateRawSync(Buffer.from(head), flush),
    ...Array.from({ length: blocks }, () => block),
    deflateRawSync(Buffer.from(unit.repeat(rest) + tail)),
  ];
  return { compressed: Buffer.concat(parts), size: Buffer.byteLength(head) + Buffer.byteLength(unit) * times + Buffer.byteLength(tail) };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A worksheet part around the given <row> elements. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A shared strings part of plain texts. */
export const sharedStringsXml = (texts: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="${MAIN}" count="${texts.length}" uniqueCount="${texts.length}">${texts.map((t) => `<si><t xml:space="preserve">${escapeXml(t)}</t></si>`).join('')}</sst>`;

/** A row of shared-string cells (indexes into the shared strings) and inline numbers. */
export const rowXml = (row: number, cells: (number | string)[]) =>
  `<row r="${row}">${cells.map((cell, i) => (typeof cell === 'number' ? `<c r="${String.fromCharCode(65 + i)}${row}" t="s"><v>${cell}</v></c>` : `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`)).join('')}</row>`;

/**
 * A workbook as Excel orders its parts (the sheet before the shared strings and styles), with `before` parts
 * first (a hidden entry, say). `sharedStrings` may be given as a ready part (a huge one, deflated by the test).
 */
export function workbookOf(options: { sheet: string; sharedStrings?: string | ZipPart; styles?: string; before?: ZipPart[]; date1904?: boolean }): Buffer {
  const text = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(xml) });
  const parts: ZipPart[] = [
    ...(options.before ?? []),
    text('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    text(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Fleet" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    ),
    text('xl/worksheets/sheet1.xml', options.sheet),
  ];
  if (options.sharedStrings !== undefined)
    parts.push(typeof options.sharedStrings === 'string' ? text('xl/sharedStrings.xml', options.sharedStrings) : options.sharedStrings);
  if (options.styles !== undefined) parts.push(text('xl/styles.xml', options.styles));
  return zipOf(parts);
}

/**
 * The hidden-entry bomb of issue 32: a local xl/sharedStrings.xml of `megabytes` MB (short texts, deflated to
 * about a thousandth) that the central directory does not list, before a real workbook of vehicles.
 */
export function hiddenEntryBomb(megabytes: number, sheet: string, sharedStrings: string[]): Buffer {
  const unit = `<si><t>${'Tata Prima 4028.S '.repeat(50)}</t></si>`;
  const bomb = repeatDeflated(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`,
    unit,
    Math.ceil((megabytes * 1024 * 1024) / unit.length),
    '</sst>',
  );
  return workbookOf({
    before: [{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(0), compressed: bomb.compressed, declared: bomb.size, hidden: true }],
    sheet,
    sharedStrings: sharedStringsXml(sharedStrings),
  });
}

/** A workbook of `megabytes` MB of different-enough shared strings (within the zip's limits) and one small sheet. */
export function sharedStringsFlood(megabytes: number, sheet: string): Buffer {
  const unit = `<si><t>${'x'.repeat(990)}</t></si>`;
  const flood = repeatDeflated(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`,
    unit,
    Math.ceil((megabytes * 1024 * 1024) / unit.length),
    '</sst>',
  );
  return workbookOf({ sheet, sharedStrings: { name: 'xl/sharedStrings.xml', data: Buffer.alloc(0), compressed: flood.compressed, declared: flood.size } });
}

/**
 * The worst workbook the import's limits allow (decision 0059): shared strings just under the caps (3,900 texts of
 * 8,000 characters, 31 MB) and 5,000 vehicle rows of just under 32,000 characters drawn from them. A dry run checks
 * every row (each a row error: the texts are no model, year or plate).
 */
export function worstAllowedWorkbook(): Buffer {
  const texts = Array.from({ length: 3900 }, (_, i) => `${String(i).padStart(6, '0')}${'x'.repeat(7990)}`);
  const rows = [rowXml(1, ['Make', 'A', 'B', 'C', 'D'])];
  for (let r = 2; r <= 5001; r++)
    rows.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Tata</t></is></c>${[0, 1, 2, 3].map((k) => `<c r="${'BCDE'[k]}${r}" t="s"><v>${(r * 4 + k) % 3900}</v></c>`).join('')}</row>`,
    );
  return workbookOf({ sheet: sheetXml(rows.join('')), sharedStrings: sharedStringsXml(texts) });
}
