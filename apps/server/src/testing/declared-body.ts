import { todayIso, type AnyField } from '@raahi/domain';

/** Ids of linked records by area key ('vehicles' → a vehicle's id), for reference fields. */
export type Links = Record<string, string>;

/** A plain valid value of a declared field: its default, or a value of its kind. */
function exampleValue(field: AnyField, links: Links): unknown {
  if (field.default !== undefined) return typeof field.default === 'function' ? field.default() : field.default;
  switch (field.kind) {
    case 'text':
      return field.format === 'email' ? 'test@example.in' : field.format === 'tel' ? '+91 98200 12345' : field.label.slice(0, field.max);
    case 'number':
      return 1;
    case 'money':
      return 1234.5;
    case 'rating':
      return 4.5;
    case 'flag':
      return false;
    case 'date':
      return todayIso();
    case 'datetime':
      return new Date().toISOString();
    case 'choice':
      return field.options[0];
    case 'choices':
      return [field.options[0]];
    case 'reference':
      return links[field.area] ?? null;
    case 'references':
      return links[field.area] ? [links[field.area]] : [];
    case 'entity':
      return links[field.areas[0]] ?? '';
    case 'file':
      return null;
    case 'files':
      return [];
  }
}

/** A complete body for a declared area from its declaration alone; override any field. */
export function declaredBody(fields: Record<string, AnyField>, links: Links, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, exampleValue(field, links)])), ...overrides };
}
