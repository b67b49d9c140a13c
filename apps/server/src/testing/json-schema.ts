/**
 * What makes `value` disagree with a JSON Schema of the kinds the OpenAPI document holds (type, enum,
 * properties, required, additionalProperties: false, items, anyOf, oneOf): one line per problem, none
 * when it matches. Enough for tests to hold the document to what the API really returns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function schemaProblems(value: unknown, schema: any, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      const matching = schema[key].filter((option: unknown) => schemaProblems(value, option, at).length === 0).length;
      if (key === 'anyOf' ? matching === 0 : matching !== 1) return [`${at}: ${JSON.stringify(value)} matches ${matching} of its ${key} options`];
    }
  }
  const problems: string[] = [];
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const type = typeOf(value);
    if (!types.includes(type) && !(type === 'integer' && types.includes('number')))
      return [`${at}: is ${typeOf(value)} (${JSON.stringify(value)}), not ${types.join(' or ')}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items, `${at}[${i}]`)));
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in record)) problems.push(`${at}.${name}: missing`);
    for (const [name, item] of Object.entries(record)) {
      if (name in schema.properties) problems.push(...schemaProblems(item, schema.properties[name], `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not described`);
    }
  }
  return problems;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
