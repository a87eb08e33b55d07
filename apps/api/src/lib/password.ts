// Password hashing: argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1; OWASP Password Storage Cheat Sheet)
// through @node-rs/argon2 (prebuilt binaries, runs on libuv's thread pool). Hashes of the older scheme (scrypt N=16384)
// still verify, and sign-in replaces them (needsRehash).
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, parseOptions, verify } from '@node-rs/argon2';

// The const enum of @node-rs/argon2 cannot be imported under isolatedModules: Algorithm.Argon2id is 2.
const ARGON2ID = 2;
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** The old scheme, kept only to verify (and to make old hashes in tests): `scrypt$N$r$p$salt$key`. */
export async function hashPasswordScrypt(password: string, N = 16384): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: SCRYPT_MAXMEM });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, keyB64] = stored.split('$');
  if (!saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  try {
    const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT_MAXMEM,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false; // parameters out of range: not a hash we made
  }
}

// Verified when the account is unknown or has no password, so that every sign-in costs one argon2id verification.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hash(randomBytes(16).toString('base64'), ARGON2_PARAMS);
  return dummyHash;
};

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash
  }
}

/** Whether a stored hash is of an older scheme or weaker parameters than hashPassword's (rehash at sign-in). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return (
      o.memoryCost < ARGON2_PARAMS.memoryCost || o.timeCost < ARGON2_PARAMS.timeCost || o.outputLen < ARGON2_PARAMS.outputLen
    );
  } catch {
    return true;
  }
}
