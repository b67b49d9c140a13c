import { readFileSync } from 'node:fs';
import { passwordProblem } from '@raahi/domain';

/**
 * The most common passwords, lower case, one a line: the 10,000 most common of SecLists'
 * "10 million password list" (MIT licence), then its most common ones of 8 characters or more until
 * 10,000 of those are listed (shorter ones are refused by length anyway). The build copies the file
 * next to the bundle.
 */
const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);
let common: Set<string> | undefined;

export function isCommonPassword(lowerCase: string): boolean {
  common ??= new Set(readFileSync(LIST_FILE, 'utf8').split('\n').filter(Boolean));
  return common.has(lowerCase);
}

/** What is wrong with `password` as the new password of `username`, or null: the domain's rules with the server's list. */
export function newPasswordProblem(password: string, username: string): string | null {
  return passwordProblem(password, { username, isCommon: isCommonPassword });
}
