import type { RuntimeConfig } from '../../contract/runtimeConfig';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The checks the app cannot start without. The server builds the file from the contract's zod schema;
 * the full schema is not re-checked here because zod would add ~24 kB gzip to the initial load (DESIGN §7).
 */
function missingFields(value: unknown): string[] {
  if (!isObject(value)) return ['(the whole document)'];
  const { cognito, passwordPolicy } = value;
  const checks: [string, unknown, string][] = [
    ['apiBaseUrl', value.apiBaseUrl, 'string'],
    ['cognito.userPoolId', isObject(cognito) && cognito.userPoolId, 'string'],
    ['cognito.userPoolClientId', isObject(cognito) && cognito.userPoolClientId, 'string'],
    ['passwordPolicy.minLength', isObject(passwordPolicy) && passwordPolicy.minLength, 'number'],
    ['totpIssuer', value.totpIssuer, 'string'],
  ];
  return checks.filter(([, field, type]) => typeof field !== type).map(([name]) => name);
}

/** Reads GET /config.json: one build serves every environment (DESIGN §2 Serving). */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok)
    throw new Error(`The configuration could not be loaded (${url}: HTTP ${response.status}).`);
  const config: unknown = await response.json().catch(() => undefined);
  const missing = missingFields(config);
  if (missing.length)
    throw new Error(`The configuration at ${url} is not valid: missing ${missing.join(', ')}.`);
  return config as RuntimeConfig;
}
