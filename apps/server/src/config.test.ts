import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('RAAHI_REMINDER_MINUTES', () => {
  it('is 5 minutes by default, 0 for only the run on start, and any time from 0.01 to 1440 minutes', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(300_000);
    expect(loadConfig({ RAAHI_REMINDER_MINUTES: '0' }).reminderIntervalMs).toBe(0);
    expect(loadConfig({ RAAHI_REMINDER_MINUTES: '0.01' }).reminderIntervalMs).toBe(600);
    expect(loadConfig({ RAAHI_REMINDER_MINUTES: '1440' }).reminderIntervalMs).toBe(86_400_000);
  });

  it.each(['0.001', '-5', '1441', '100000', 'soon', '1e9'])('stops the server at start when it is %s', (value) => {
    expect(() => loadConfig({ RAAHI_REMINDER_MINUTES: value })).toThrow(/RAAHI_REMINDER_MINUTES/);
  });
});

describe('RAAHI_TIME_ZONE', () => {
  it('takes a zone of the IANA database and refuses a mistyped one', () => {
    expect(() => loadConfig({ RAAHI_TIME_ZONE: 'Asia/Kolkata' })).not.toThrow();
    expect(() => loadConfig({ RAAHI_TIME_ZONE: 'Asia/Kolkatta' })).toThrow(/RAAHI_TIME_ZONE/);
  });
});

describe('RAAHI_OWNER_DATABASE_URL', () => {
  it('is the owner of the database DATABASE_URL names: taken with it, refused without it', () => {
    const env = { DATABASE_URL: 'postgres://raahi_app@db/raahi', RAAHI_OWNER_DATABASE_URL: 'postgres://raahi@db/raahi' };
    expect(loadConfig(env)).toMatchObject({ databaseUrl: env.DATABASE_URL, ownerDatabaseUrl: env.RAAHI_OWNER_DATABASE_URL });
    expect(loadConfig({ DATABASE_URL: env.DATABASE_URL }).ownerDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ RAAHI_OWNER_DATABASE_URL: env.RAAHI_OWNER_DATABASE_URL })).toThrow(/RAAHI_OWNER_DATABASE_URL .*set DATABASE_URL too/);
  });
});
