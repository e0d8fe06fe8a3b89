/**
 * Ports of the end-to-end servers: each Playwright worker has a server of its own (its own data folder,
 * local identity and HL7 listener), so stories running side by side never see each other's data. Worker
 * `n` uses the base ports plus 10·n; set E2E_PORT / E2E_IDENTITY_PORT / E2E_MLLP_PORT to run two suites
 * side by side.
 */
export function e2ePorts(worker: number) {
  const offset = 10 * worker;
  return {
    port: Number(process.env.E2E_PORT ?? 8099) + offset,
    identityPort: Number(process.env.E2E_IDENTITY_PORT ?? 9349) + offset,
    /** The server's HL7 v2 (MLLP) listener; the hospital the interface story plays listens on the next two ports. */
    mllpPort: Number(process.env.E2E_MLLP_PORT ?? 2585) + offset,
  };
}

/** This worker's ports (Playwright numbers its workers 0, 1, … in TEST_PARALLEL_INDEX; 0 outside a worker). */
const ports = e2ePorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = ports.port;
export const E2E_MLLP_PORT = ports.mllpPort;
/** Every code the local identity would e-mail or text is this one in the end-to-end run. */
export const FIXED_CODE = '123456';
export const DEMO_PASSWORD = 'Vigil!demo2026';
export const TEMP_PASSWORD = 'Vigil!temp2026';
/** Short-lived access and id tokens, so a test can see the app refresh them. */
export const E2E_TOKEN_SECONDS = 45;
