import { roleLabel, type ApiKeyName } from '@raahi/domain';

/**
 * What the Users screen adds to "User Updated" when a role change revoked the user's API keys (decision 0062):
 * “The API keys “Tally” and “GPS feed” were revoked: the Viewer role does not cover what they may do.”
 */
export function revokedKeysText(keys: readonly ApiKeyName[], role: string): string {
  const names = keys.map((key) => `“${key.name}”`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const one = keys.length === 1;
  return `${one ? 'The API key' : 'The API keys'} ${list} ${one ? 'was' : 'were'} revoked: the ${roleLabel(role)} role does not cover what ${one ? 'it' : 'they'} may do.`;
}
