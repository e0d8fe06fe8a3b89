import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { backupSchema } from '../../contract/backups';

/**
 * What makes a backup trustworthy (DESIGN §6): beside its SHA-256, an HMAC-SHA-256 of the file under the
 * installation's signing key, in the sidecar. A SHA-256 alone anyone who can write the folder can
 * recompute after changing the file; the HMAC needs the key, which only the server holds.
 */

/** The sidecar `vigil-<id>.json`: the listed metadata and, once ready, the file's HMAC. */
export const sidecarSchema = backupSchema.extend({
  hmacSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .optional(),
  /** The object's ETag when the bucket took it: a link is refused for an object changed since. */
  etag: z.string().optional(),
});
export type Sidecar = z.infer<typeof sidecarSchema>;

/** Running hashes of a backup's bytes: its SHA-256, and its HMAC when there is a key. */
export function backupDigest(signingKey: string | undefined) {
  const hash = crypto.createHash('sha256');
  const hmac = signingKey ? crypto.createHmac('sha256', signingKey) : undefined;
  let bytes = 0;
  return {
    update(chunk: Buffer) {
      hash.update(chunk);
      hmac?.update(chunk);
      bytes += chunk.length;
    },
    digest: () => ({ sha256: hash.digest('hex'), hmacSha256: hmac?.digest('hex'), bytes }),
  };
}

/** The digest of everything `stream` yields. */
export async function digestOf(stream: Readable, signingKey: string | undefined) {
  const digest = backupDigest(signingKey);
  await pipeline(stream, async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) digest.update(chunk);
  });
  return digest.digest();
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** The key file's text, or undefined when there is none. */
export async function readSigningKeyFile(file: string): Promise<string | undefined> {
  try {
    return (await fsp.readFile(file, 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The local installation's key: read from `file`, or made there once (owner-only, 0600) and kept, so
 * backups taken before a restart still check. `wx` makes two processes starting together agree.
 */
export async function localSigningKey(file: string, initial?: string): Promise<string> {
  const existing = await readSigningKeyFile(file);
  if (existing) return existing;
  const key = initial ?? crypto.randomBytes(32).toString('hex');
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fsp.writeFile(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readSigningKeyFile(file)) ?? key;
  }
}
