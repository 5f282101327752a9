/**
 * Password hashing with argon2id (OWASP's first choice), via the prebuilt @node-rs/argon2.
 * Parameters are the library's defaults (19 MiB, 2 passes), OWASP's minimum recommendation.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the email is unknown, so that a wrong email takes as long as a
 * wrong password and sign-in does not reveal which addresses have accounts.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('runway-decoy-password');
  return decoy;
}
