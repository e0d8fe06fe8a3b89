/**
 * The two modular exponentiations of Cognito's SRP sign-in (calculateA before InitiateAuth, calculateS
 * before the password verifier), over the platform's native BigInt instead of Amplify's JavaScript
 * BigInteger: about 16 ms instead of about 100 ms each on a desktop, four times that on a slow laptop,
 * where they were a third of the time from "Sign in" to home (issue 20, item 8). Amplify does the same for
 * React Native (its `calculateS.native`, which hands the numbers over as hex strings to native code); the
 * build puts these in place of Amplify's own modules (scripts/support/nativeSrpMaths.ts), and they answer
 * with Amplify's BigInteger, so the rest of its SRP code is unchanged.
 */

/** What these functions use of Amplify's BigInteger (jsbn): hex in, hex out. */
export interface AmplifyBigInteger {
  toString(radix: number): string;
}
export type AmplifyBigIntegerClass<T extends AmplifyBigInteger> = new (hex: string, radix: number) => T;

/** `base ** exponent mod modulus` for a positive modulus and an exponent ≥ 0, by binary exponentiation. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus <= 0n) throw new RangeError('The modulus must be positive');
  if (exponent < 0n) throw new RangeError('The exponent must not be negative');
  let result = 1n % modulus;
  let square = ((base % modulus) + modulus) % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

const toBig = (value: AmplifyBigInteger) => BigInt(`0x${value.toString(16)}`);

/** Amplify's `calculateA`: A = g^a mod N, refused when it is 0 mod N. */
export function srpCalculateA<T extends AmplifyBigInteger>(BigInteger: AmplifyBigIntegerClass<T>) {
  return async ({ a, g, N }: { a: T; g: T; N: T }): Promise<T> => {
    const A = modPow(toBig(g), toBig(a), toBig(N));
    if (A === 0n) throw new Error('Illegal parameter. A mod N cannot be 0.');
    return new BigInteger(A.toString(16), 16);
  };
}

/** Amplify's `calculateS`: S = (B − k·g^x)^(a + u·x) mod N. */
export function srpCalculateS<T extends AmplifyBigInteger>(BigInteger: AmplifyBigIntegerClass<T>) {
  return async ({ a, g, k, x, B, N, U }: { a: T; g: T; k: T; x: T; B: T; N: T; U: T }): Promise<T> => {
    const modulus = toBig(N);
    const exponent = toBig(x);
    const base = toBig(B) - toBig(k) * modPow(toBig(g), exponent, modulus);
    return new BigInteger(modPow(base, toBig(a) + toBig(U) * exponent, modulus).toString(16), 16);
  };
}
