import { describe, expect, it, vi } from 'vitest';
import { keepVerified } from '../../server/auth/verifiedTokens';

describe('verified tokens kept for their lifetime', () => {
  const at = (ms: number) => new Date(ms);

  it('checks a token once while it lives, each token on its own', async () => {
    let clock = 1_000_000;
    const verify = vi.fn(async (token: string) => ({ username: token, expiresAt: at(clock + 60_000) }));
    const verified = keepVerified(verify, { now: () => clock });
    const first = await verified('token-a');
    clock += 59_000;
    expect(await verified('token-a')).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
    expect((await verified('token-b')).username).toBe('token-b');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('checks an expired token again, so the verifier refuses it', async () => {
    let clock = 1_000_000;
    let expired = false;
    const verify = vi.fn(async (token: string) => {
      if (expired) throw new Error('Token expired');
      return { username: token, expiresAt: at(clock + 1_000) };
    });
    const verified = keepVerified(verify, { now: () => clock });
    await verified('token-a');
    clock += 1_000;
    expired = true;
    await expect(verified('token-a')).rejects.toThrow('Token expired');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refusal, and keeps no more tokens than its bound', async () => {
    const verify = vi.fn(async (token: string) => {
      if (token === 'forged') throw new Error('Invalid signature');
      return { username: token, expiresAt: at(Date.now() + 60_000) };
    });
    const verified = keepVerified(verify, { max: 2 });
    await expect(verified('forged')).rejects.toThrow('Invalid signature');
    await expect(verified('forged')).rejects.toThrow('Invalid signature');
    expect(verify).toHaveBeenCalledTimes(2);
    await verified('a');
    await verified('b');
    await verified('c');
    await verified('a');
    expect(verify.mock.calls.map(([token]) => token)).toEqual(['forged', 'forged', 'a', 'b', 'c', 'a']);
  });
});
