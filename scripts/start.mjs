// `npm start`: builds the front end when the build is missing or older than its sources, then runs the
// server (API, /config.json and the built app) in this process. `--dev` runs Vite's hot-reload server too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sources = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/support/webBuild.ts',
  'package-lock.json',
];

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const built = path.join(root, 'dist', 'index.html');
const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((entry) => newestMtime(path.join(root, entry))));
if (changedAt > builtAt) {
  console.log('Building the front end…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes('--dev')) {
  const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  process.on('exit', () => vite.kill());
}

// Locally (no Cognito pool: the local identity) the hospital interface listener is on by default, on
// loopback, so `npm run hospital:simulate` has something to talk to; HL7_MLLP_PORT chooses another port.
if (!process.env.COGNITO_USER_POOL_ID && process.env.HL7_MLLP_PORT === undefined) {
  process.env.HL7_MLLP_PORT = '2575';
}

register();
await import('../server/main.ts');
