/**
 * The front-end build's last steps: every text asset precompressed (brotli and gzip files beside it, served
 * by @fastify/static's `preCompressed`), and the initial JS held to its budget (DESIGN §7).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Initial JS: the entry script and its modulepreloads, gzip -9, at most this (issue 20, item 8). */
export const INITIAL_JS_BUDGET_BYTES = 300_000;

/** What is worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const brotliSize = (data: Buffer) =>
  zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The scripts a browser fetches before anything runs: the module entries and the modulepreloads, in order. */
export function initialScripts(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

export type InitialJs = { files: string[]; rawBytes: number; gzipBytes: number; brotliBytes: number };

/** The initial JS of a build in `distDir`, each file compressed on its own as a server sends it. */
export function initialJs(distDir: string): InitialJs {
  const files = initialScripts(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  let rawBytes = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const url of files) {
    const data = fs.readFileSync(path.join(distDir, url.replace(/^\//, '')));
    rawBytes += data.length;
    gzipBytes += gzipSize(data);
    brotliBytes += brotliSize(data);
  }
  return { files, rawBytes, gzipBytes, brotliBytes };
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside each compressible file of `dir` of at least
 * 1 kB, unless compressing does not make it smaller; answers how many files it compressed.
 */
export async function precompress(dir: string): Promise<number> {
  const files = [...filesUnder(dir)].filter((file) => COMPRESSIBLE.test(file));
  let compressed = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.promises.readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
      compressed++;
    }),
  );
  return compressed;
}

/** Over budget, a message naming the size and the budget; within, undefined. */
export function budgetProblem(initial: InitialJs, budget = INITIAL_JS_BUDGET_BYTES): string | undefined {
  if (initial.gzipBytes <= budget) return undefined;
  return `Initial JS is ${(initial.gzipBytes / 1000).toFixed(1)} kB gzip (${initial.files.length} files), over its budget of ${(budget / 1000).toFixed(1)} kB: load what is not needed at first with lazyWithReload`;
}

/** Vite plugin: after the build is written, checks the initial JS budget (failing the build) and precompresses. */
export function webBuild(budget = INITIAL_JS_BUDGET_BYTES): Plugin {
  let outDir = 'dist';
  return {
    name: 'vigil-web-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // The app's build writes index.html; Storybook's (which reads this config too) writes iframe.html.
      if (!('index.html' in bundle)) return;
      const initial = initialJs(outDir);
      const problem = budgetProblem(initial, budget);
      if (problem) this.error(problem);
      const count = await precompress(outDir);
      this.info(
        `initial JS ${(initial.gzipBytes / 1000).toFixed(1)} kB gzip in ${initial.files.length} files (budget ${(budget / 1000).toFixed(1)} kB); ${count} files precompressed`,
      );
    },
  };
}

/**
 * Vite plugin: index.html preloads the named chunks (`codeSplitting` groups) that every screen needs but
 * the entry does not import itself, so that they download beside the entry instead of after it has run,
 * and the entry does not wait for them to be evaluated before it runs.
 */
export function preloadChunks(names: string[]): Plugin {
  let base = '/';
  return {
    name: 'vigil-preload-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return Object.values(bundle)
          .filter((chunk) => chunk.type === 'chunk' && names.includes(chunk.name))
          .map((chunk) => `${base}${chunk.fileName}`)
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
