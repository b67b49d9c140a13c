import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { IMPORT_MODES, IMPORT_STATUSES } from '@raahi/domain';
import type { ResourceDefinition } from '../http/resource';

/**
 * The API document's entries for import (issue 22, decision 0051; packages/domain/src/imports.ts). The per-area
 * routes sit under their areas' paths, so documentForRole shows them to the roles that may add there.
 */
export function registerImportPaths(registry: OpenAPIRegistry, common: Record<number, unknown>, resources: readonly ResourceDefinition[]) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const responses = common as Record<number, { description: string }>;
  const column = z.object({
    header: z.string().describe('The header as the file writes it'),
    field: z.string().describe("The field it fills ('' = left out; 'id' = the record's id and 'version' its version as exported, for update mode)"),
  });
  const rowError = z.object({
    row: z.number().int().describe('The file’s row (the header is row 1)'),
    column: z.string().describe('The column’s header, or the field’s label when no column fills it'),
    message: z.string(),
  });
  const result = z
    .object({
      id: z.string().describe('The run'),
      batchId: z
        .string()
        .nullable()
        .describe('The committed batch its change entries carry (DELETE /api/imports/{batchId} undoes it); null for a dry run or nothing written'),
      area: z.string(),
      mode: z.enum(IMPORT_MODES),
      update: z.boolean(),
      validOnly: z.boolean(),
      status: z.enum(IMPORT_STATUSES).describe('A run whose server stopped (no heartbeat for 10 minutes) reads as failed'),
      rows: z.number().int(),
      checked: z.number().int(),
      valid: z.number().int(),
      written: z.number().int(),
      unchanged: z.number().int(),
      errors: z.array(rowError).describe('The first 1,000 errors'),
      errorCount: z.number().int(),
      conflicts: z
        .array(
          z.object({
            row: z.number().int().describe('The file’s row'),
            id: z.string().describe('The record'),
            fields: z.array(z.string()).describe('The fields the file would change that were changed since the export'),
          }),
        )
        .describe(
          'Update mode: the first 1,000 rows whose record changed since the export (the file’s Version column); left out of a commit unless overwrite=true',
        ),
      conflictCount: z.number().int(),
      overwrite: z.boolean(),
      message: z.string().nullable(),
      fileName: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      by: z.string(),
    })
    .describe('An import run (ImportResult)');
  const upload = {
    content: {
      'multipart/form-data': {
        schema: z.object({
          file: z.string().describe('The CSV (comma, semicolon or tab; UTF-8 or Windows-1252) or XLSX file, at most RAAHI_IMPORT_MAX_MB'),
          mode: z.enum(IMPORT_MODES).optional().describe('dry-run (default): check only; commit: write'),
          validOnly: z.enum(['true', 'false']).optional().describe('Commit the valid rows and leave the others (default: all or none)'),
          update: z.enum(['true', 'false']).optional().describe('Match rows to records by the ID column and change only what differs (needs edit rights)'),
          overwrite: z
            .enum(['true', 'false'])
            .optional()
            .describe('Update mode: also write the conflicts (rows whose record changed since the export), over those changes'),
          mapping: z.string().optional().describe('JSON: [{ header, field }], one per column; without it, the remembered or matched mapping'),
          async: z.enum(['1', '0']).optional().describe('1: answer 202 at once with the run; read its progress at GET /api/imports/{id}'),
        }),
      },
      'text/csv': { schema: z.string().describe('The CSV file itself, with the options as query parameters') },
    },
  };
  for (const { area } of resources) {
    const tags = [area.key];
    const base = `/api/${area.key}/import`;
    registry.registerPath({
      method: 'get',
      path: `${base}/template`,
      tags,
      summary: `A template to import ${area.plural}: the form's labels as headers and an example row (no file fields); needs add rights`,
      request: { query: z.object({ format: z.enum(['csv', 'xlsx']).optional() }) },
      responses: {
        200: {
          description: 'The template file',
          content: { 'text/csv': { schema: z.string() }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() } },
        },
        400: error('Unknown format'),
        ...responses,
      },
    });
    registry.registerPath({
      method: 'post',
      path: `${base}/preview`,
      tags,
      summary: `The file's header matched to the fields of ${area.plural} (by label, name and alias; or the mapping you last used), the fields and the first rows; nothing is checked or written`,
      request: { body: upload },
      responses: {
        200: {
          description: 'The preview',
          ...json(
            z.object({
              columns: z.array(column),
              fields: z.array(z.object({ field: z.string(), label: z.string(), required: z.boolean() })),
              sample: z.array(z.array(z.string())),
              remembered: z.boolean(),
            }),
          ),
        },
        413: error('The file is over RAAHI_IMPORT_MAX_MB'),
        422: error(
          'The file cannot be read (empty, no header, not CSV or XLSX, partly UTF-8, too many columns, a cell or row too long, a workbook that would unpack too large or holds too many texts, a row past 1,048,576)',
        ),
        429: error('RAAHI_IMPORTS_AT_ONCE imports already run on the server, or 2 of yours: try again after Retry-After seconds'),
        ...responses,
      },
    });
    registry.registerPath({
      method: 'post',
      path: base,
      tags,
      summary: `Import ${area.plural}: a dry run lists every error as row, column and message; a commit writes all rows or none (or only the valid ones) as one batch`,
      request: { body: upload },
      responses: {
        200: { description: 'The finished run', ...json(result) },
        202: { description: 'async=1: the run, still running', ...json(result) },
        400: error('Bad options or mapping (a field that does not exist, a file field)'),
        413: error('The file is over RAAHI_IMPORT_MAX_MB'),
        422: error('The file cannot be read, or has more than RAAHI_IMPORT_MAX_ROWS records'),
        429: error('RAAHI_IMPORTS_AT_ONCE imports already run on the server, or 2 of yours: try again after Retry-After seconds'),
        ...responses,
      },
    });
  }
  const tags = ['imports'];
  const id = z.object({ id: z.string() });
  registry.registerPath({
    method: 'get',
    path: '/api/imports',
    tags,
    summary: 'Your recent import runs of an area, newest first (an administrator: everyone’s); for a role that may view the area, never for an API key',
    request: { query: z.object({ area: z.string() }) },
    responses: { 200: { description: 'The runs', ...json(z.object({ rows: z.array(result) })) }, 400: error('No such area'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/imports/{id}',
    tags,
    summary: 'One of your runs (an API key: one it started), with its progress while it runs; for a role that may view its area',
    request: { params: id },
    responses: { 200: { description: 'The run', ...json(result) }, 404: error('No such run of yours'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/imports/{id}/errors.csv',
    tags,
    summary: 'Every error of a run as Row, Column, Message (cells that could run as formulas are written as text)',
    request: { params: id },
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } }, 404: error('No such run of yours'), ...responses },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/imports/{batchId}',
    tags,
    summary:
      'Undo a committed batch: a create batch deletes exactly its records, an update batch puts back the values before it; refused while any of them changed since; needs delete rights',
    request: { params: z.object({ batchId: z.string() }) },
    responses: {
      200: { description: 'Undone', ...json(z.object({ batchId: z.string(), undone: z.number().int() })) },
      403: error('Your role may not delete in the area'),
      404: error('No such batch of yours, or already undone'),
      409: error('Records of the batch changed since (named)'),
      ...responses,
    },
  });
}
