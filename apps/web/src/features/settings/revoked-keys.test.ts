import { describe, expect, it } from 'vitest';
import { revokedKeysText } from './revoked-keys';

describe('the notice of keys a role change revoked', () => {
  it('names each key, in the answer’s order, and the new role', () => {
    expect(revokedKeysText([{ id: 'KEY1', name: 'Tally' }], 'viewer')).toBe('The API key “Tally” was revoked: the Viewer role does not cover what it may do.');
    expect(
      revokedKeysText(
        [
          { id: 'KEY1', name: 'Tally' },
          { id: 'KEY2', name: 'GPS feed' },
          { id: 'KEY3', name: 'WhatsApp bot' },
        ],
        'dispatcher',
      ),
    ).toBe('The API keys “Tally”, “GPS feed” and “WhatsApp bot” were revoked: the Dispatcher role does not cover what they may do.');
  });
});
