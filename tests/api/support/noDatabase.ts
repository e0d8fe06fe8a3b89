import { EventEmitter } from 'node:events';
import type { buildApp } from '../../../server/app';

/**
 * A stand-in for the database of an app that only serves files: the app holds a database for the API routes,
 * the interface sender (which listens for queued reports, here on notifications that never come) and the
 * idempotency plugin; none of them is called.
 */
export const noDatabase = () =>
  ({
    kind: 'pglite',
    pool: { query: async () => ({ rows: [] }) },
    poolNotifications: new EventEmitter(),
    db: {
      transaction: async () => {
        throw new Error('No database here');
      },
    },
  }) as unknown as Parameters<typeof buildApp>[0]['database'];

/** An identity an app that no caller signs in to names but never asks (its keys are never fetched). */
export const unusedIdentity = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_test',
  userPoolClientId: 'client',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test',
  jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test/.well-known/jwks.json',
};
