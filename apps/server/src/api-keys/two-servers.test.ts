import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoServers, twoServersSkipReason, type TwoServers } from '../testing/two-servers';

const skipReason = twoServersSkipReason();

// Two real server processes on one PostgreSQL database: a key's revoke and its rate limit hold on both.
describe.skipIf(skipReason !== null)(`API keys on two app servers${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let servers: TwoServers;
  beforeAll(async () => {
    servers = await startTwoServers({ RAAHI_API_KEY_RATE_PER_MINUTE: '8' });
  }, 120_000);
  afterAll(() => servers?.close(), 30_000);

  const onServer = (server: 'a' | 'b', key: string, path: string) => servers[server].client().get(path, { headers: { authorization: `Bearer ${key}` } });

  it('a key revoked on server A is refused on server B at its next request', async () => {
    const admin = await servers.a.signedIn();
    const { body } = await admin.post('/api/api-keys', { name: 'GPS vendor', role: 'viewer' });
    expect((await onServer('b', body.key, '/api/vehicles')).status).toBe(200);
    expect((await admin.del(`/api/api-keys/${body.id}`)).status).toBe(204);
    const next = await onServer('b', body.key, '/api/vehicles');
    expect(next.status).toBe(401);
    expect(next.body.title).toBe('Invalid API Key');
  });

  it('counts a key’s requests across both servers: exactly the limit succeeds in a minute', async () => {
    const admin = await servers.a.signedIn();
    const { body } = await admin.post('/api/api-keys', { name: 'Tally', role: 'viewer' });
    const seconds = new Date().getSeconds();
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => onServer(i % 2 ? 'a' : 'b', body.key, '/api/vehicles')));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(8);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(16);
  }, 90_000);
});
