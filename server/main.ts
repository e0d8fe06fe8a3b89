import path from 'node:path';
import { buildApp, type ResolvedCognito } from './app';
import { cognitoIssuer } from './auth/tokenVerifier';
import { type AppConfig, loadConfig } from './config';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seed/demoClients';
import { startLocalIdentity } from './identity/localIdentity';
import { serverLogger } from './logging';

type Stoppable = { stop(): Promise<void> };

async function resolveCognito(config: AppConfig): Promise<ResolvedCognito & Partial<Stoppable>> {
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
    log: (line) => console.log(line),
  });
  // A plain banner for the person at the terminal (demo accounts only, never real credentials).
  console.log(
    [
      `Local identity on ${identity.endpoint}. Demo users:`,
      ...identity.demoUsers.map(
        (user) =>
          `  ${user.username.padEnd(9)} ${user.role.padEnd(13)} ${user.password}${user.temporary ? '  (temporary: set a new password at first sign-in)' : ''}`,
      ),
      'Codes the identity would e-mail or text are printed here as "[identity] code for …".',
    ].join('\n'),
  );
  return identity;
}

async function main() {
  const config = loadConfig();
  const log = serverLogger(config.logLevel);
  const cognito = await resolveCognito(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    onError: (error) => log.error({ err: error }, 'database connection error'),
  });
  if (cognito.endpoint && !config.production) {
    // A newcomer's first start shows a working app; clients or cases already there are left alone.
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
    // /readyz answers 503 at once while requests are still served for SHUTDOWN_DELAY_SECONDS (a load
    // balancer's checks send new ones elsewhere meanwhile); then stops accepting, lets requests under way
    // finish (up to 30 s), and exits 0.
    const force = setTimeout(() => process.exit(1), 30_000 + config.shutdownDelaySeconds * 1000);
    force.unref();
    app.beginDrain();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelaySeconds * 1000));
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
