/**
 * `npm run bench:web`: builds the front end, serves it as `npm start` does (own ports and data folder),
 * and times in Chromium what a person waits for: the sign-in form visible, sign-in → home settled (from
 * the click on Sign in until no request has been in flight for 500 ms and no progress indicator shows;
 * the time printed is when it went quiet, not the end of the 500 ms), and a signed-in reload of a list;
 * median of 3 each with the spread, on loopback and throttled (CDP: 9 Mbps down, 60 ms RTT, 4× CPU).
 * Prints the sign-in page's layout shift (CLS, load to form shown), the scripts fetched before the form
 * is shown and before Sign in is clicked, by chunk, and the initial JS against its budget.
 *
 * With --lighthouse, also Lighthouse 12's mobile performance score of the sign-in page (`npx lighthouse@12`,
 * fetched on first use, with the same Chromium), median of the runs.
 *
 *   npm run bench:web [-- --runs 3 --typing-ms 0 --no-build --lighthouse --port 8205 --identity-port 9455]
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
    runs: { type: 'string', default: '3' },
    /** Time a person takes to type their credentials once the form shows (default 0: click at once). */
    'typing-ms': { type: 'string', default: '0' },
    'no-build': { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
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

/** Quiet for this long (no request in flight, no progress indicator) counts as settled. */
const QUIET_MS = 500;

/**
 * Waits until the page is settled (home shown, nothing in flight and no progress indicator for
 * QUIET_MS) and returns when it went quiet, in `performance.now()` time: the later of the last activity and
 * the moment home was shown (requests can all end before a busy page has drawn home).
 */
async function settled(page: Page, network: { inFlight: number; lastActivity: number }) {
  const deadline = performance.now() + 60_000;
  let homeShown = false;
  let shownAt = 0;
  // A spinner or indeterminate bar; a progress bar with a value (a meter of work done) is not waiting.
  const spinner = page.locator('[role="progressbar"]:not([aria-valuenow])');
  while (performance.now() < deadline) {
    if (!homeShown) {
      homeShown = await page.getByText(/^Welcome, /).isVisible();
      shownAt = performance.now();
    }
    if (await spinner.first().isVisible()) network.lastActivity = performance.now();
    const now = performance.now();
    if (homeShown && network.inFlight === 0 && now - network.lastActivity >= QUIET_MS)
      return Math.max(network.lastActivity, shownAt);
    await page.waitForTimeout(25);
  }
  throw new Error(
    `Home did not settle within 60 s (${network.inFlight} requests in flight; progress indicator ${(await spinner.first().isVisible()) ? 'shown' : 'not shown'}; home ${homeShown ? 'shown' : 'not shown'})`,
  );
}

/** Sums the layout shifts of the page (not those right after input), from its start. */
const COUNT_LAYOUT_SHIFTS = () => {
  const shifts = { sum: 0 };
  Object.assign(window, { __layoutShifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) shifts.sum += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** The clients list with its rows. */
async function listVisible(page: Page) {
  await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
}

async function timedMs(action: () => Promise<unknown>) {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

type Sample = { form: number; signIn: number; settled: number; reload: number; cls: number };
type Phase = 'form' | 'typing' | 'signIn' | 'reload' | 'other';
/** Script bytes on the wire (as sent: compressed when the server compressed them) and files, per phase. */
type ScriptBytes = Record<Phase, { bytes: number; files: number }>;

/** One person's first visit in a fresh browser profile: the form, signing in, then a list reloaded. */
async function oneVisit(
  browser: Browser,
  mode: Mode,
): Promise<Sample & { scripts: ScriptBytes; chunks: Map<string, { phase: Phase; bytes: number }> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(COUNT_LAYOUT_SHIFTS);
    await throttle(context, page, mode);
    const network = { inFlight: 0, lastActivity: performance.now() };
    // The change stream (GET /api/events) stays open as long as the page does: not something waited for.
    const waitedFor = (request: PlaywrightRequest) => !new URL(request.url()).pathname.endsWith('/events');
    const ended = (request: PlaywrightRequest) => {
      if (!waitedFor(request)) return;
      network.inFlight--;
      network.lastActivity = performance.now();
    };
    page.on('request', (request) => {
      if (!waitedFor(request)) return;
      network.inFlight++;
      network.lastActivity = performance.now();
    });
    page.on('requestfailed', ended);
    page.on('requestfinished', ended);
    const chunks = new Map<string, { phase: Phase; bytes: number }>();
    let phase: Phase = 'form';
    const sized: Promise<void>[] = [];
    const scripts: ScriptBytes = {
      form: { bytes: 0, files: 0 },
      typing: { bytes: 0, files: 0 },
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
          const name = new URL(request.url()).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
          chunks.set(name, { phase: requestedIn.get(request) ?? phase, bytes: sizes.responseBodySize });
        }),
      );
    });
    const form = await timedMs(async () => {
      await page.goto(baseUrl, { waitUntil: 'commit' });
      await signInFormVisible(page);
    });
    phase = 'typing';
    const cls = await page.evaluate(
      () => (window as unknown as { __layoutShifts: { sum: number } }).__layoutShifts.sum,
    );
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.waitForTimeout(Number(values['typing-ms']));
    phase = 'signIn';
    const clicked = performance.now();
    await signInButton(page).click();
    await homeVisible(page);
    const signIn = performance.now() - clicked;
    const quiet = (await settled(page, network)) - clicked;
    phase = 'other';
    await page.goto(`${baseUrl}/#/continuous-monitoring/clients`);
    await listVisible(page);
    phase = 'reload';
    const reload = await timedMs(async () => {
      await page.reload({ waitUntil: 'commit' });
      await listVisible(page);
    });
    await Promise.all(sized);
    return { form, signIn, settled: quiet, reload, cls, scripts, chunks };
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

/** Lighthouse's mobile performance run of the sign-in page: its score and the metrics that make it. */
function lighthouseRun(chromiumPath: string) {
  const output = path.join(os.tmpdir(), `bench-web-lighthouse-${process.pid}.json`);
  const run = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      `${baseUrl}/`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`Lighthouse exited with ${run.status}`);
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  fs.rmSync(output, { force: true });
  const metric = (id: string) => report.audits[id].displayValue as string;
  return {
    score: Math.round(report.categories.performance.score * 100),
    metrics: Object.entries({
      FCP: 'first-contentful-paint',
      LCP: 'largest-contentful-paint',
      TBT: 'total-blocking-time',
      CLS: 'cumulative-layout-shift',
    })
      .map(([name, id]) => `${name} ${metric(id)}`)
      .join(', '),
  };
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
    const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    await oneVisit(browser, 'loopback'); // warm-up: the server's first answers, the identity's first sign-in
    const targets: Record<Mode, Partial<Sample>> = {
      loopback: { form: 1000 },
      throttled: { form: 2500, settled: 2000, reload: 2000 },
    };
    console.log(
      `\n${runs} visits per mode; throttled = ${THROTTLE.downloadMbps} Mbps down, ${THROTTLE.uploadMbps} Mbps up, ${THROTTLE.rttMs} ms RTT, ${THROTTLE.cpuSlowdown}× CPU`,
    );
    for (const mode of ['loopback', 'throttled'] as const) {
      const samples: Awaited<ReturnType<typeof oneVisit>>[] = [];
      for (let run = 0; run < runs; run++) samples.push(await oneVisit(browser, mode));
      const load = os.loadavg().map((value) => value.toFixed(2));
      console.log(`\n${mode} (load average ${load.join(' ')})`);
      const rows: [keyof Sample, string][] = [
        ['form', 'sign-in form visible'],
        ['signIn', 'sign-in → home shown'],
        ['settled', 'sign-in → home settled'],
        ['reload', 'signed-in reload of the clients list'],
      ];
      for (const [key, label] of rows) {
        const all = samples.map((sample) => sample[key]);
        if (key === 'cls') continue;
        const target = targets[mode][key];
        const verdict =
          target === undefined
            ? ''
            : `  target ≤ ${seconds(target)}: ${median(all) <= target ? 'met' : 'MISSED'}`;
        console.log(
          `  ${label.padEnd(38)} median ${seconds(median(all))}  spread ${seconds(Math.max(...all) - Math.min(...all))}  (${all.map((ms) => (ms / 1000).toFixed(2)).join(', ')})${verdict}`,
        );
      }
      const cls = samples.map((sample) => sample.cls);
      console.log(
        `  ${'sign-in page CLS (load to form)'.padEnd(38)} median ${median(cls).toFixed(3)}  (${cls.map((value) => value.toFixed(3)).join(', ')})  target 0: ${Math.max(...cls) === 0 ? 'met' : 'MISSED'}`,
      );
      const { scripts, chunks } = samples[samples.length - 1];
      for (const [phase, label] of [
        ['form', 'before the form shows'],
        ['typing', 'once the form shows (the user typing), before Sign in'],
      ] as const) {
        const names = [...chunks].filter(([, chunk]) => chunk.phase === phase);
        console.log(
          `  scripts ${label}: ${names.map(([name, chunk]) => `${name} ${kB(chunk.bytes)}`).join(', ') || 'none'}`,
        );
      }
      console.log(
        `  scripts on the wire: ${kB(scripts.form.bytes)} in ${scripts.form.files} files before the form; ${kB(scripts.typing.bytes)} in ${scripts.typing.files} while it shows; ${kB(scripts.signIn.bytes)} in ${scripts.signIn.files} more to home; ${kB(scripts.reload.bytes)} in ${scripts.reload.files} fetched (not from cache) on the reload`,
      );
    }
    if (values.lighthouse) {
      const scores = Array.from({ length: runs }, () => lighthouseRun(chromiumPath));
      console.log(
        `\nLighthouse 12 mobile, sign-in page (load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}): median ${median(scores.map((run) => run.score))}  target ≥ 80`,
      );
      for (const run of scores) console.log(`  ${run.score}: ${run.metrics}`);
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
