import { E2E_IDENTITY_PORT, E2E_PORT, E2E_TOKEN_SECONDS } from './support/constants';
import { startInstance } from './support/instances';

/** Starts the product exactly as `npm start` does, on its own port, data folder and local identity. */
export default async function globalSetup() {
  const instance = await startInstance(E2E_PORT, {
    LOCAL_IDENTITY_PORT: String(E2E_IDENTITY_PORT),
    LOCAL_IDENTITY_TOKEN_SECONDS: String(E2E_TOKEN_SECONDS),
    LOG_LEVEL: 'info',
  });
  return instance.stop;
}
