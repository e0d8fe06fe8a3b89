import fs from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import { accessAuditPlugin } from './accessAudit';
import { documentRoute } from './apiDocument';
import { createAccountCache } from './auth/accountCache';
import { authPlugin } from './auth/plugin';
import { sharedCounters } from './auth/sharedCounters';
import { createTokenVerifier, isCognitoIssuer } from './auth/tokenVerifier';
import type { AppConfig } from './config';
import { capConnectionsPerAddress } from './connections';
import { type Database, shippedMigrations } from './db/database';
import { outboxCounts } from './db/interfaces';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  loggableError,
  registerErrorHandler,
} from './errorHandler';
import { badRequest } from './errors';
import { idempotencyPlugin } from './idempotency';
import { receiveMessage } from './interfaces/inbound';
import { type MllpListener, startMllpListener } from './interfaces/mllpListener';
import { startSender } from './interfaces/outbox';
import { secretBox } from './interfaces/secrets';
import { OneLinePerRequest } from './logging';
import { operationsRoutes } from './operations';
import { PROTOTYPE_KEY_MESSAGE, prototypeKeyIn } from './prototypeKeys';
import { responseSerializerCompiler } from './responseSerializer';
import { retryReadsOnce } from './retryReads';
import { accessLogRoutes } from './routes/accessLog';
import { attentionRoutes } from './routes/attention';
import { backupRoutes } from './routes/backups';
import { billingRoutes } from './routes/billing';
import { bugRoutes } from './routes/bugs';
import { caseRoutes } from './routes/cases';
import { chromeRoutes } from './routes/chrome';
import { clientRoutes } from './routes/clients';
import { eventRoutes } from './routes/events';
import { homeRoutes } from './routes/home';
import { interfaceRoutes } from './routes/interfaces';
import { reportRoutes } from './routes/reports';
import { userRoutes } from './routes/users';
import { securityHeaderOptions, securityHeaders } from './securityHeaders';
import { localSigningKey, readSigningKeyFile } from './services/backupSigning';
import { openBackupService } from './services/backups';
import { COMPRESSION_THRESHOLD_BYTES, mayHaveWritten, SharedReads } from './services/sharedReads';
import { createTechnologistRoster } from './services/technologistRoster';
import { createUserDirectory } from './services/userDirectory';

declare module 'fastify' {
  interface FastifyInstance {
    /** The port of the inbound HL7 v2 listener, when it runs (HL7_MLLP_PORT; 0 picks a free one). */
    mllpPort?: number;
  }
}

/** The user pool the server trusts, resolved at start-up (local emulator or real Cognito). */
export type ResolvedCognito = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only for the local emulator. */
  endpoint?: string;
  issuer: string;
  jwksUri: string;
};

export type AppOptions = {
  config: AppConfig;
  database: Database;
  cognito: ResolvedCognito;
  /** A pino logger; tests run silent. */
  logger?: FastifyServerOptions['loggerInstance'];
  /** Sees every API answer before it is sent (the API tests check each against the OpenAPI document). */
  observeAnswer?: (answer: { method: string; route: string; status: number; payload: unknown }) => void;
};

function runtimeConfigFor(config: AppConfig, cognito: ResolvedCognito): RuntimeConfig {
  const { oauthDomain, federatedProviders, oauthRedirectUrls } = config.cognito;
  return {
    apiBaseUrl: config.apiBaseUrl,
    localIdentity: Boolean(cognito.endpoint),
    cognito: {
      region: cognito.region,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      oauth: oauthDomain
        ? {
            domain: oauthDomain,
            providers: federatedProviders,
            redirectSignIn: oauthRedirectUrls,
            redirectSignOut: oauthRedirectUrls,
          }
        : undefined,
    },
    passwordPolicy: config.passwordPolicy,
    totpIssuer: config.totpIssuer,
  };
}

/** Builds the whole server (API, /config.json, the built front end); used by tests and by main.ts alike. */
export async function buildApp({ config, database, cognito, logger, observeAnswer }: AppOptions) {
  if (config.production && !isCognitoIssuer(cognito.issuer)) {
    // The emulator signs with a key published in its npm package: never trust it in production.
    throw new Error(`Refusing the non-Cognito token issuer ${cognito.issuer} in production`);
  }
  const identityOrigins = [cognito.endpoint ?? `https://cognito-idp.${cognito.region}.amazonaws.com`];
  if (config.cognito.oauthDomain) identityOrigins.push(`https://${config.cognito.oauthDomain}`);
  const headerOptions = securityHeaderOptions({ production: config.production, identityOrigins });

  const app = Fastify({
    loggerInstance: logger,
    // Slow or half-sent requests are closed: headers must arrive within `headersSeconds`, the whole request
    // within `requestSeconds` (checked every second, not Node's default 30 s).
    requestTimeout: config.timeouts.requestSeconds * 1000,
    keepAliveTimeout: config.timeouts.keepAliveSeconds * 1000,
    http: {
      // Node refuses headers given longer than the whole request.
      headersTimeout: Math.min(config.timeouts.headersSeconds, config.timeouts.requestSeconds) * 1000,
      requestTimeout: config.timeouts.requestSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler(headerOptions),
    clientErrorHandler: clientErrorHandler(headerOptions),
    // The spec writes some report paths with a trailing slash (`…/billable-hours/summary/`): both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
  });
  capConnectionsPerAddress(app, config.connectionsPerAddress, config.trustProxy);
  // A call refused before its body was read (401, 413, …) closes the connection: the rest of a slow or
  // unwanted body is not waited for.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
  });
  // API answers carry patient data: no browser or proxy keeps them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(config.apiBaseUrl)) return;
    reply.header('cache-control', 'no-store');
    const route = request.routeOptions.url;
    if (
      observeAnswer &&
      route &&
      typeof payload === 'string' &&
      String(reply.getHeader('content-type')).startsWith('application/json')
    )
      observeAnswer({
        method: request.method,
        route,
        status: reply.statusCode,
        payload: JSON.parse(payload),
      });
  });
  // Spec §7: the front end sends the JSON content type on every call, also on those without a body
  // (POST /backups, PUT /users/{username}/toggle). An empty body is no body, not malformed JSON.
  // Prototype keys are kept as plain keys here, then refused by name (400 on that field), not as bad JSON.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      const field = prototypeKeyIn(value);
      if (field === undefined) return done(null, value);
      done(badRequest(`Invalid ${field}`, [{ field, message: PROTOTYPE_KEY_MESSAGE }]), undefined);
    });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // Every answer's security headers (helmet's), the same for all: set from one object computed at start.
  const headers = Object.fromEntries(securityHeaders(headerOptions));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onRoute', documentRoute);
  app.addHook('onRoute', retryReadsOnce);
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, as zod writes them (`examples`, `type: 'null'`).
      openapi: '3.1.0',
      info: { title: 'Vigil API', version: '1' },
      servers: [{ url: config.apiBaseUrl }],
      components: { securitySchemes: { idToken: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ idToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${config.apiBaseUrl}/docs`,
    staticCSP: true,
    uiHooks: {},
  });

  const runtimeConfig = runtimeConfigFor(config, cognito);
  app.get(
    '/config.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return runtimeConfig;
    },
  );

  const verify = createTokenVerifier(cognito);
  const shared = new SharedReads(config.sharedAnswerMs);
  const directory = createUserDirectory({
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    endpoint: cognito.endpoint,
  });
  const roster = createTechnologistRoster(directory);
  const accounts = createAccountCache(config.accountCacheMs);
  const redis = config.redisUrl ? sharedCounters(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  app.addHook('onClose', async () => directory.destroy());
  const backups = await openBackupService({
    backupDir: config.backupDir,
    apiBaseUrl: config.apiBaseUrl,
    linkSecret: config.backupLinkSecret,
    signingKey: config.backupSigningKey ?? (await localBackupSigningKey(config, app.log)),
    s3: config.backupS3,
    pgDump: config.pgDump,
    database,
  });
  app.addHook('onClose', async () => backups.close());

  await operationsRoutes(app, {
    db: database.db,
    pool: database.pool,
    migrations: shippedMigrations(),
    jwksUri: cognito.jwksUri,
    metricsToken: config.metricsToken,
    backupCount: async () =>
      (await backups.list({ page: 1, perPage: 1, sort: 'createdAt', order: 'DESC' })).total,
    outboxCounts: () => outboxCounts(database.db),
  });
  // Hospital interfaces (issue 32): the secrets' key, the outbound sender of every instance, the listener.
  const interfaces = config.interfaces;
  const box = secretBox(interfaces.secretKey ?? (await localSigningKey(interfaces.secretKeyFile)));
  const sender = startSender(
    database,
    box,
    interfaces,
    (error) => app.log.error({ err: loggableError(error) }, 'interface sender error'),
    app.log,
  );
  app.addHook('onClose', async () => sender.stop());
  let mllp: MllpListener | undefined;
  if (interfaces.mllp) {
    mllp = await startMllpListener({
      ...interfaces.mllp,
      receive: async (message) =>
        (
          await receiveMessage(database.db, message, (error) =>
            app.log.error({ err: loggableError(error) }, 'inbound HL7 message not applied'),
          )
        ).ack,
      onError: (error) => app.log.error({ err: loggableError(error) }, 'HL7 listener error'),
    });
    app.log.info(`HL7 v2 (MLLP) listener on ${interfaces.mllp.host}:${mllp.port}`);
    app.addHook('onClose', async () => mllp?.close());
  }
  app.decorate('mllpPort', mllp?.port);

  await app.register(
    async (api) => {
      // JSON answers of 1 kB and more go out brotli- or gzip-compressed when the caller accepts it (a
      // year's summary is ~300 kB raw). Registered here, before the routes, it covers the API only: the
      // front end's files are compressed once, at build. Request bodies are taken as sent, never inflated.
      // Before compression: a write's first answer is kept as the JSON text it was sent as.
      await api.register(idempotencyPlugin, { db: database.db });
      await api.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: COMPRESSION_THRESHOLD_BYTES,
        // Up to 64 kB (a list page, a case) compressed at once and written whole, in one write: the stream
        // path it otherwise takes above 8 kB on two cores costs more in stream steps and writes than the
        // compression itself. Larger answers (a year's summary) still stream.
        syncThreshold: 64 * 1024,
        // Brotli at quality 3 for answers made per request: a list page (24 kB) compresses to 14.5 % of its
        // size instead of 13.9 % at the plugin's 4, for 30 % less CPU (about 0.07 ms of a 3.6 ms request).
        brotliOptions: {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
          },
        },
        globalDecompression: false,
      });
      await api.register(authPlugin, {
        verify,
        db: database.db,
        accounts,
        deniedCallLimit: config.deniedCallLimit,
        rateLimit: config.rateLimit,
        redis,
      });
      await api.register(accessAuditPlugin, { db: database.db });
      // A call that may have written drops the answers shared between readers (before its answer goes out,
      // so a read sent after it sees the change); a refused one leaves them (services/sharedReads.ts).
      api.addHook('onSend', async (request, reply) => {
        if (mayHaveWritten(request.method, reply.statusCode)) shared.changed();
      });
      await api.register(chromeRoutes, { db: database.db, directory });
      await api.register(eventRoutes, { database, shared, accounts });
      await api.register(attentionRoutes, { db: database.db });
      await api.register(userRoutes, { db: database.db, directory, roster, accounts });
      await api.register(clientRoutes, { db: database.db });
      await api.register(caseRoutes, { db: database.db, directory, roster, monitoring: config.monitoring });
      await api.register(billingRoutes, { db: database.db, monitoring: config.monitoring });
      await api.register(reportRoutes, { db: database.db, roster, monitoring: config.monitoring, shared });
      await api.register(homeRoutes, { db: database.db, monitoring: config.monitoring, shared });
      await api.register(backupRoutes, { db: database.db, backups });
      await api.register(accessLogRoutes, { db: database.db });
      await api.register(interfaceRoutes, { db: database.db, box });
      await api.register(bugRoutes, {
        db: database.db,
        selfChecks: {
          jwksUri: cognito.jwksUri,
          backupDir: config.backupDir,
          dataDir: config.dataDir,
          migrations: shippedMigrations(),
          pool: database.pool,
        },
      });
    },
    { prefix: config.apiBaseUrl },
  );

  if (fs.existsSync(config.staticDir)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      // The build writes `name.br` and `name.gz` beside each text file: sent as the caller accepts them.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // The build keeps source maps for decoding error reports; in production they stay on the server.
      allowedPath: (pathName) => !(config.production && pathName.endsWith('.map')),
      // index.html must be re-read after a deployment; hashed assets can be cached for good.
      // (Ours alone: the file sender's own `max-age=0` is turned off.) The answer depends on Accept-Encoding.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  return app;
}

/**
 * The backup signing key without BACKUP_SIGNING_KEY: kept in the backup folder, so instances sharing it share
 * the key. A folder that cannot be made (a path through a file, no permission) does not stop the service:
 * the key is kept in the data folder meanwhile, and the self-checks report the backup folder.
 */
async function localBackupSigningKey(
  config: { backupSigningKeyFile: string; legacyBackupSigningKeyFile: string },
  log: FastifyBaseLogger,
) {
  const earlier = await readSigningKeyFile(config.legacyBackupSigningKeyFile).catch(() => undefined);
  try {
    return await localSigningKey(config.backupSigningKeyFile, earlier);
  } catch (error) {
    log.warn(
      { err: error },
      'The backup folder cannot hold the backup signing key: it is kept in the data folder',
    );
    return localSigningKey(config.legacyBackupSigningKeyFile, earlier);
  }
}
