import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modPow, srpCalculateA, srpCalculateS } from '../../src/authProvider/srpMaths';

/** Amplify's own SRP modules, which the build replaces with srpMaths: the reference they must agree with. */
const SRP = 'dist/esm/providers/cognito/utils/srp';
const amplifyAuth = [
  'node_modules/@aws-amplify/auth',
  'node_modules/aws-amplify/node_modules/@aws-amplify/auth',
]
  .map((folder) => path.resolve(folder))
  .find((folder) => fs.existsSync(path.join(folder, SRP, 'calculate/calculateS.mjs')));
if (!amplifyAuth)
  throw new Error('Amplify’s SRP modules are not where scripts/support/nativeSrpMaths.ts expects them');
const amplify = async <T>(file: string): Promise<T> =>
  import(pathToFileURL(path.join(amplifyAuth, SRP, file)).href);

type Big = {
  toString(radix: number): string;
  modPow(e: Big, n: Big, done: (error: unknown, r: Big) => void): void;
};
const { default: BigInteger } = await amplify<{ default: new (hex: string, radix: number) => Big }>(
  'BigInteger/BigInteger.mjs',
);
const { INIT_N } = await amplify<{ INIT_N: string }>('constants.mjs');
const { calculateA } = await amplify<{ calculateA: (values: object) => Promise<Big> }>(
  'calculate/calculateA.mjs',
);
const { calculateS } = await amplify<{ calculateS: (values: object) => Promise<Big> }>(
  'calculate/calculateS.mjs',
);

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const big = (value: string) => new BigInteger(value, 16);
const N = big(INIT_N);
const g = big('2');
const RUNS = 8;

describe('SRP maths over native BigInt (in place of Amplify’s, issue 20)', () => {
  it('agrees with the textbook on small numbers and edge cases', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(2n, 0n, 7n)).toBe(1n);
    expect(modPow(5n, 3n, 1n)).toBe(0n);
    expect(modPow(-3n, 3n, 7n)).toBe(1n); // (−27) mod 7, as a non-negative residue
    expect(() => modPow(2n, 3n, 0n)).toThrow(RangeError);
    expect(() => modPow(2n, -1n, 7n)).toThrow(RangeError);
  });

  it('answers A = g^a mod N as Amplify does, for random 1024-bit a', async () => {
    const ours = srpCalculateA(BigInteger);
    for (let run = 0; run < RUNS; run++) {
      const a = big(hex(128));
      expect((await ours({ a, g, N })).toString(16)).toBe((await calculateA({ a, g, N })).toString(16));
    }
  });

  it('answers S = (B − k·g^x)^(a + u·x) mod N as Amplify does, also when B − k·g^x is negative', async () => {
    const ours = srpCalculateS(BigInteger);
    for (let run = 0; run < RUNS; run++) {
      const values = {
        a: big(hex(128)),
        g,
        k: big(hex(32)),
        x: big(hex(32)),
        B: big(hex(384)),
        N,
        U: big(hex(32)),
      };
      expect((await ours(values)).toString(16)).toBe((await calculateS(values)).toString(16));
    }
  });

  it('refuses an A that is 0 mod N, as Amplify does', async () => {
    await expect(srpCalculateA(BigInteger)({ a: big('1'), g: N, N })).rejects.toThrow(
      'Illegal parameter. A mod N cannot be 0.',
    );
  });
});
