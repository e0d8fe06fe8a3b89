import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  budgetProblem,
  INITIAL_JS_BUDGET_BYTES,
  initialJs,
  initialScripts,
  preloadChunks,
} from '../../scripts/support/webBuild';

const html = `<!doctype html><html><head>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  <script type="module" crossorigin src="/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">
  <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  <link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">
</head><body><div id="root"></div></body></html>`;

describe('initial JS of a build', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the module entry and its modulepreloads, once each, not styles or icons', () => {
    expect(initialScripts(html)).toEqual(['/assets/index-a1.js', '/assets/runtime-b2.js']);
  });

  it('is measured file by file, gzip -9, and held to 300 kB', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    const entry = Buffer.from('export const a = 1;\n'.repeat(500));
    const runtime = Buffer.from('export const b = 2;\n');
    fs.writeFileSync(path.join(dir, 'assets', 'index-a1.js'), entry);
    fs.writeFileSync(path.join(dir, 'assets', 'runtime-b2.js'), runtime);
    const measured = initialJs(dir);
    expect(measured.files).toHaveLength(2);
    expect(measured.rawBytes).toBe(entry.length + runtime.length);
    expect(measured.gzipBytes).toBe(
      zlib.gzipSync(entry, { level: 9 }).length + zlib.gzipSync(runtime, { level: 9 }).length,
    );
    expect(budgetProblem(measured)).toBeUndefined();
    expect(budgetProblem({ ...measured, gzipBytes: INITIAL_JS_BUDGET_BYTES })).toBeUndefined();
    expect(budgetProblem({ ...measured, gzipBytes: INITIAL_JS_BUDGET_BYTES + 1 })).toMatch(
      /^Initial JS is 300\.0 kB gzip \(2 files\), over its budget of 300\.0 kB/,
    );
  });
});

describe('preloadChunks', () => {
  const chunk = (name: string, fileName: string) => ({ type: 'chunk', name, fileName });
  const bundle = {
    'assets/react-r1.js': chunk('react', 'assets/react-r1.js'),
    'assets/mui-m1.js': chunk('mui', 'assets/mui-m1.js'),
    'assets/react-r1.css': { type: 'asset', name: 'react', fileName: 'assets/react-r1.css' },
  };
  const transform = (names: string[], page: string, context: object = { bundle }) => {
    const plugin = preloadChunks(names);
    (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: object) => unknown };
    return hook.handler(page, context);
  };

  it('preloads the named chunks from index.html, not other chunks or assets of the same name', () => {
    expect(transform(['react'], html)).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/react-r1.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('adds nothing for a chunk the page already loads, nor outside a build', () => {
    const preloaded = html.replace('/assets/runtime-b2.js', '/assets/react-r1.js');
    expect(transform(['react'], preloaded)).toEqual([]);
    expect(transform(['react'], html, {})).toBe(html);
  });
});
