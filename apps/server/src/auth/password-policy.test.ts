import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordProblem } from './password-policy';

describe('the common-password list', () => {
  const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean);

  it('holds at least the 10,000 most common passwords, and 10,000 of 8 characters or more, lower case and once each', () => {
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(list.filter((p) => p.length >= 8).length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((p) => p === p.toLowerCase())).toBe(true);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('is matched after normalisation and case folding', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('mango lassi at noon')).toBe(false);
    expect(newPasswordProblem('PassWord', 'ravi')).toMatch(/most common passwords/);
    // Full-width letters are the same password once normalised (NFKC).
    expect(newPasswordProblem('ｐａｓｓｗｏｒｄ', 'ravi')).toMatch(/most common passwords/);
    expect(newPasswordProblem('pass\u200Bword1', 'ravi')).toMatch(/most common passwords/);
  });

  it('refuses a password made of the user name, not one that merely contains it in a phrase', () => {
    expect(newPasswordProblem('priya.sharma2024', 'priya.sharma')).toMatch(/user name/);
    expect(newPasswordProblem('PRIYA.SHARMA!!', 'priya.sharma')).toMatch(/user name/);
    expect(newPasswordProblem('priya.sharma drives to nashik', 'priya.sharma')).toBeNull();
  });
});
