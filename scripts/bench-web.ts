/**
 * `npm run bench:web`: builds the front end, serves it as `npm start` does (own ports and data folder),
 * and times in Chromium what a person waits for: the sign-in form visible, sign-in → home, and a
 * signed-in reload of a list; median of 5 each, on loopback and throttled (CDP: 9 Mbps down, 60 ms RTT,
 * 4× CPU). Prints the initial JS (entry and its modulepreloads, gzip -9) against its budget.
 *
 *   npm run bench:web [-- --runs 5 --typing-ms 0 --no-build --port 8205 --identity-port 9455]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type Request as PlaywrightRequest,
} from 'playwright-core';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from './support/webBuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    /** Time a person takes to type their credentials once the form shows (default 0: click at once). */
    'typing-ms': { type: 'string', default: '0' },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '8205' },
    'identity-port': { type: 'string', default: process.env.LOCAL_IDENTITY_PORT ?? '9455' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const USERNAME = 'admin';
const PASSWORD = 'Vigil!demo2026';

/** The throttled profile: a good office or home connection, a mid-range laptop. */
const THROTTLE = { downloadMbps: 9, uploadMbps: 9, rttMs: 60, cpuSlowdown: 4 };

type Mode = 'loopback' | 'throttled';

async function throttle(context: BrowserContext, page: Page, mode: Mode) {
  if (mode === 'loopback') return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.rttMs,
    downloadThroughput: (THROTTLE.downloadMbps * 1_000_000) / 8,
    uploadThroughput: (THROTTLE.uploadMbps * 1_000_000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuSlowdown });
}

const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/** The sign-in form a person can type into: both fields and the button. */
async function signInFormVisible(page: Page) {
  await page.getByLabel('Username').waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
  await signInButton(page).waitFor({ state: 'visible', timeout: 60_000 });
}

/** Home with the caller's own work shown (not its spinner). */
async function homeVisible(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ timeout: 60_000 });
  await page.getByText(/^Welcome, /).waitFor({ timeout: 60_000 });
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 60_000 });
}

/** The clients list with its rows. */
async function listVisible(page: Page) {
  await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
}

async function timedMs(action: () => Promise<unknown>) {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

type Sample = { form: number; signIn: number; reload: number };
type Phase = 'form' | 'signIn' | 'reload' | 'other';
/** Script bytes on the wire (as sent: compressed when the server compressed them) and files, per phase. */
type ScriptBytes = Record<Phase, { bytes: number; files: number }>;

/** One person's first visit in a fresh browser profile: the form, signing in, then a list reloaded. */
async function oneVisit(browser: Browser, mode: Mode): Promise<Sample & { scripts: ScriptBytes }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await throttle(context, page, mode);
    let phase: Phase = 'form';
    const sized: Promise<void>[] = [];
    const scripts: ScriptBytes = {
      form: { bytes: 0, files: 0 },
      signIn: { bytes: 0, files: 0 },
      reload: { bytes: 0, files: 0 },
      other: { bytes: 0, files: 0 },
    };
    // A script counts in the phase it was requested in (the app's chunks, requested once the form is
    // painted, are not the form's even when they arrive before the form is seen).
    const requestedIn = new Map<PlaywrightRequest, Phase>();
    page.on('request', (request) => requestedIn.set(request, phase));
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const counted = scripts[requestedIn.get(request) ?? phase];
      sized.push(
        request.sizes().then((sizes) => {
          if (sizes.responseBodySize <= 0) return; // from the browser's cache
          counted.bytes += sizes.responseBodySize;
          counted.files++;
        }),
      );
    });
    const form = await timedMs(async () => {
      await page.goto(baseUrl, { waitUntil: 'commit' });
      await signInFormVisible(page);
    });
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.waitForTimeout(Number(values['typing-ms']));
    phase = 'signIn';
    const signIn = await timedMs(async () => {
      await signInButton(page).click();
      await homeVisible(page);
    });
    phase = 'other';
    await page.goto(`${baseUrl}/#/continuous-monitoring/clients`);
    await listVisible(page);
    phase = 'reload';
    const reload = await timedMs(async () => {
      await page.reload({ waitUntil: 'commit' });
      await listVisible(page);
    });
    await Promise.all(sized);
    return { form, signIn, reload, scripts };
  } catch (error) {
    const shot = path.join(os.tmpdir(), `bench-web-failure-${process.pid}.png`);
    await context.pages()[0]?.screenshot({ path: shot });
    console.error(`A visit failed; its page is in ${shot}`);
    throw error;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function waitForServer(url: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited (${server.exitCode}) before it answered`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer at ${url} within 5 minutes`);
}

async function main() {
  if (!values['no-build']) {
    console.log('Building the front end…');
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const distDir = path.join(root, 'dist');
  const initial = initialJs(distDir);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `Initial JS: ${kB(initial.gzipBytes)} gzip -9 (${kB(initial.brotliBytes)} brotli, ${kB(initial.rawBytes)} raw) in ${initial.files.length} files; budget ${kB(INITIAL_JS_BUDGET_BYTES)} gzip: ${initial.gzipBytes <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER'}`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-web-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_IDENTITY_PORT: values['identity-port'],
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    await waitForServer(baseUrl, server);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    await oneVisit(browser, 'loopback'); // warm-up: the server's first answers, the identity's first sign-in
    const targets: Record<Mode, Partial<Sample>> = {
      loopback: { form: 1000 },
      throttled: { form: 2500, signIn: 2000, reload: 2000 },
    };
    console.log(
      `\n${runs} visits per mode; throttled = ${THROTTLE.downloadMbps} Mbps down, ${THROTTLE.uploadMbps} Mbps up, ${THROTTLE.rttMs} ms RTT, ${THROTTLE.cpuSlowdown}× CPU`,
    );
    for (const mode of ['loopback', 'throttled'] as const) {
      const samples: (Sample & { scripts: ScriptBytes })[] = [];
      for (let run = 0; run < runs; run++) samples.push(await oneVisit(browser, mode));
      const load = os.loadavg().map((value) => value.toFixed(2));
      console.log(`\n${mode} (load average ${load.join(' ')})`);
      const rows: [keyof Sample, string][] = [
        ['form', 'sign-in form visible'],
        ['signIn', 'sign-in → home'],
        ['reload', 'signed-in reload of the clients list'],
      ];
      for (const [key, label] of rows) {
        const all = samples.map((sample) => sample[key]);
        const target = targets[mode][key];
        const verdict =
          target === undefined
            ? ''
            : `  target ≤ ${seconds(target)}: ${median(all) <= target ? 'met' : 'MISSED'}`;
        console.log(
          `  ${label.padEnd(38)} median ${seconds(median(all))}  (${all.map((ms) => (ms / 1000).toFixed(2)).join(', ')})${verdict}`,
        );
      }
      const { scripts } = samples[samples.length - 1];
      console.log(
        `  scripts on the wire: ${kB(scripts.form.bytes)} in ${scripts.form.files} files before the form; ${kB(scripts.signIn.bytes)} in ${scripts.signIn.files} more to home; ${kB(scripts.reload.bytes)} in ${scripts.reload.files} fetched (not from cache) on the reload`,
      );
    }
  } finally {
    await browser?.close();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
