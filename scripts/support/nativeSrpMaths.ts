import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Amplify's SRP modules that src/authProvider/srpMaths.ts takes the place of, by file name. */
const AMPLIFY_SRP =
  /[\\/]@aws-amplify[\\/]auth[\\/]dist[\\/]esm[\\/]providers[\\/]cognito[\\/]utils[\\/]srp[\\/]calculate[\\/](calculateA|calculateS)\.mjs$/;
const REPLACEMENTS = { calculateA: 'srpCalculateA', calculateS: 'srpCalculateS' } as const;
const srpMaths = fileURLToPath(new URL('../../src/authProvider/srpMaths.ts', import.meta.url));

/**
 * Builds Cognito's SRP sign-in with the native BigInt maths of src/authProvider/srpMaths.ts in place of
 * Amplify's `calculateA` and `calculateS` modules (which keep their names and signatures). The dev server
 * and unit tests keep Amplify's own. A build fails when Amplify no longer has both modules where this expects them, rather than silently
 * shipping the slow maths.
 */
export function nativeSrpMaths(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'vigil:native-srp-maths',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      const name = AMPLIFY_SRP.exec(id)?.[1] as keyof typeof REPLACEMENTS | undefined;
      if (!name) return null;
      replaced.add(name);
      return [
        "import BigInteger from '../BigInteger/BigInteger.mjs';",
        `import { ${REPLACEMENTS[name]} } from ${JSON.stringify(srpMaths)};`,
        `export const ${name} = ${REPLACEMENTS[name]}(BigInteger);`,
      ].join('\n');
    },
    buildEnd(error) {
      if (error) return;
      const missing = Object.keys(REPLACEMENTS).filter((name) => !replaced.has(name));
      if (missing.length)
        this.error(
          `Amplify's SRP module(s) ${missing.join(', ')} were not found: see scripts/support/nativeSrpMaths.ts`,
        );
    },
  };
}
