import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailConfigFrom } from './mail';

describe('mail settings', () => {
  it('are off without RAAHI_SMTP_URL', () => {
    expect(mailConfigFrom({})).toBeUndefined();
    expect(loadConfig({}).mail).toBeUndefined();
  });

  it('take an smtp:// or smtps:// URL, a sender, and the public address for links', () => {
    expect(
      mailConfigFrom({
        RAAHI_SMTP_URL: 'smtp://user:pass@mail.example.in:587',
        RAAHI_MAIL_FROM: 'Raahi <ops@example.in>',
        RAAHI_PUBLIC_URL: 'https://raahi.example.in/',
      }),
    ).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example.in:587',
      from: 'Raahi <ops@example.in>',
      publicUrl: 'https://raahi.example.in',
    });
    expect(mailConfigFrom({ RAAHI_SMTP_URL: 'smtps://mail.example.in', RAAHI_PUBLIC_URL: 'https://raahi.example.in' })?.from).toBe(
      'Raahi <raahi@raahi.example.in>',
    );
    expect(mailConfigFrom({ RAAHI_SMTP_URL: 'smtp://mail.example.in' })).toMatchObject({ from: 'Raahi <raahi@localhost>', publicUrl: undefined });
  });

  it.each([
    [{ RAAHI_SMTP_URL: 'http://mail.example.in' }, 'RAAHI_SMTP_URL must start with smtp:// or smtps:// (as smtp://user:password@mail.example.in:587)'],
    [{ RAAHI_SMTP_URL: 'mail.example.in:587' }, 'RAAHI_SMTP_URL must start with smtp:// or smtps:// (as smtp://user:password@mail.example.in:587)'],
    [{ RAAHI_SMTP_URL: 'not a url' }, 'RAAHI_SMTP_URL must be a URL such as smtp://user:password@mail.example.in:587'],
    [{ RAAHI_SMTP_URL: 'smtp://mail.example.in', RAAHI_MAIL_FROM: 'raahi' }, /^RAAHI_MAIL_FROM must be an e-mail address/],
    [{ RAAHI_SMTP_URL: 'smtp://mail.example.in', RAAHI_MAIL_FROM: 'Raahi <a@b.in>\r\nBcc: x@y.in' }, /^RAAHI_MAIL_FROM must be an e-mail address/],
  ])('stop the server at start when mistyped (%j)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
