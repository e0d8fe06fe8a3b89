import { E2E_IDENTITY_PORT, E2E_MLLP_PORT, E2E_PORT, E2E_TOKEN_SECONDS } from './support/constants';
import { startInstance } from './support/instances';

/** Starts the product exactly as `npm start` does, on its own port, data folder and local identity. */
export default async function globalSetup() {
  const instance = await startInstance(E2E_PORT, {
    LOCAL_IDENTITY_PORT: String(E2E_IDENTITY_PORT),
    LOCAL_IDENTITY_TOKEN_SECONDS: String(E2E_TOKEN_SECONDS),
    HL7_MLLP_PORT: String(E2E_MLLP_PORT),
    // A signed report reaches the hospital peer within a second or so.
    INTERFACE_SEND_INTERVAL_MS: '200',
    LOG_LEVEL: 'info',
  });
  return instance.stop;
}
