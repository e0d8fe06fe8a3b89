import path from 'node:path';
import pino from 'pino';
import { buildApp, type ResolvedCognito } from './app';
import { cognitoIssuer } from './auth/tokenVerifier';
import { type AppConfig, loadConfig } from './config';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seed/demoClients';
import { startLocalIdentity } from './identity/localIdentity';

type Stoppable = { stop(): Promise<void> };

async function resolveCognito(
  config: AppConfig,
  log: pino.Logger,
): Promise<ResolvedCognito & Partial<Stoppable>> {
  const { region, userPoolId, userPoolClientId, userPoolEndpoint } = config.cognito;
  if (!config.localIdentity && userPoolId && userPoolClientId) {
    const issuer = cognitoIssuer(region, userPoolId, userPoolEndpoint);
    return {
      region,
      userPoolId,
      userPoolClientId,
      endpoint: userPoolEndpoint,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
    };
  }
  const identity = await startLocalIdentity({
    dir: path.join(config.dataDir, 'identity'),
    port: config.localIdentityPort,
    code: config.localIdentityCode,
    tokenValiditySeconds: config.localIdentityTokenSeconds,
    log: (line) => log.info(line),
  });
  log.info(
    `Local identity on ${identity.endpoint}. Demo users (username / password): ${identity.demoUsers
      .map((user) => `${user.username} (${user.role}) / ${user.password}`)
      .join(', ')}`,
  );
  return identity;
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const cognito = await resolveCognito(config, log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    onError: (error) => log.error({ err: error }, 'database connection error'),
  });
  if (cognito.endpoint && !config.production) {
    // A newcomer's first start shows a working app; a database that already has clients is left alone.
    const seeded = await seedDemoData(database.db);
    if (seeded.seeded) log.info(`Seeded ${seeded.clients} demo client hospitals`);
  }
  log.info(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  const app = await buildApp({ config, database, cognito, logger: log });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    await cognito.stop?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  log.info(`Vigil is ready at http://${config.host}:${config.port}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
