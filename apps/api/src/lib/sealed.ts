// A secret kept in a row only until it is used (issue 25: a reset link waiting in the mail outbox): AES-256-GCM under a
// key derived from the server's JWT secret (HKDF, its own label), so a copy of the database alone does not give the
// link. The output is base64url(iv | tag | ciphertext); a tampered or foreign value opens to null.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

function keyOf(secret: string, label: string): Buffer {
  const id = `${label}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'portal-sealed', label, 32));
    keys.set(id, key);
  }
  return key;
}

export function seal(secret: string, label: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, label), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(secret: string, label: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 28) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, label), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
