import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Verified tokens, kept for their remaining lifetime: a signed-in user's browser sends the same id token
 * with every call for up to 15 minutes, and checking its RSA signature again each time was a twentieth of a
 * list request's cost. Kept by the token's SHA-256, never the token itself; an entry lives no longer than
 * the token's own expiry, so an expired token is verified (and refused) again. Whether the session still
 * holds (signed out, disabled, access changed) is not part of this: it is checked on every call after.
 */
export function keepVerified<User extends { expiresAt: Date }>(
  verify: (token: string) => Promise<User>,
  { max = 10_000, now = Date.now }: { max?: number; now?: () => number } = {},
) {
  const kept = new LRUCache<string, User>({ max });
  return async function verified(token: string): Promise<User> {
    const key = crypto.createHash('sha256').update(token).digest('base64url');
    const found = kept.get(key);
    if (found && found.expiresAt.getTime() > now()) return found;
    if (found) kept.delete(key);
    const user = await verify(token);
    const ttl = user.expiresAt.getTime() - now();
    if (ttl > 0) kept.set(key, user, { ttl });
    return user;
  };
}
