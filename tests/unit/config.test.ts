import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('needs nothing for the local default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', apiBaseUrl: '/api', localIdentity: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.passwordPolicy.minLength).toBe(8);
  });

  it('uses real Cognito when a pool is configured', () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'eu-west-1_abc',
      COGNITO_USER_POOL_CLIENT_ID: 'client',
      COGNITO_FEDERATED_PROVIDERS: 'Google, Apple',
    });
    expect(config.localIdentity).toBe(false);
    expect(config.cognito.federatedProviders).toEqual(['Google', 'Apple']);
  });

  it('refuses production without Cognito, and settings that make no sense, naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COGNITO_USER_POOL_ID/);
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: 'eu-west-1_abc' })).toThrow(
      /COGNITO_USER_POOL_CLIENT_ID/,
    );
    expect(() => loadConfig({ PORT: 'eighty', COGNITO_FEDERATED_PROVIDERS: 'MySpace' })).toThrow(
      /PORT.*COGNITO_FEDERATED_PROVIDERS|COGNITO_FEDERATED_PROVIDERS.*PORT/,
    );
  });
});
