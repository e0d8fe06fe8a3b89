import type { FullConfig } from '@playwright/test';
import { E2E_TOKEN_SECONDS, e2ePorts } from './support/constants';
import { startInstance } from './support/instances';

/**
 * Starts the product exactly as `npm start` does, once per worker (side by side), each on its own ports,
 * data folder and local identity: the stories of one worker never see another's data.
 */
export default async function globalSetup(config: FullConfig) {
  const instances = await Promise.all(
    Array.from({ length: config.workers }, (_, worker) => {
      const { port, identityPort, mllpPort } = e2ePorts(worker);
      return startInstance(port, {
        LOCAL_IDENTITY_PORT: String(identityPort),
        LOCAL_IDENTITY_TOKEN_SECONDS: String(E2E_TOKEN_SECONDS),
        HL7_MLLP_PORT: String(mllpPort),
        // A signed report reaches the hospital peer within a second or so.
        INTERFACE_SEND_INTERVAL_MS: '200',
        LOG_LEVEL: 'info',
      });
    }),
  );
  return async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  };
}
