import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id recommendation: m=19456 KiB, t=2, p=1. (@node-rs/argon2 defaults to Argon2id.)
const PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when a user does not exist keeps the answer time the same, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
}
