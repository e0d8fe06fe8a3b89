import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('needs nothing for the local default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', apiBaseUrl: '/api', localIdentity: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.passwordPolicy.minLength).toBe(8);
    // Spec §9: the authenticator issuer name defaults to AWSCognito; a deployment names its own.
    expect(config.totpIssuer).toBe('AWSCognito');
    expect(loadConfig({ TOTP_ISSUER: 'Vigil' }).totpIssuer).toBe('Vigil');
  });

  it('trusts no proxy unless TRUST_PROXY names the hops: a count, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
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

  it('refuses to serve other machines with the local identity, saying why', () => {
    for (const host of ['0.0.0.0', '::', '', '192.168.1.20', '::ffff:10.0.0.1', 'vigil.example.org']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(ConfigError);
    }
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      'HOST=0.0.0.0 is refused: the local identity signs tokens with a key published in its npm package, so anyone who can reach this server could forge a sign-in. Listen on 127.0.0.1, or configure a Cognito user pool (COGNITO_USER_POOL_ID and COGNITO_USER_POOL_CLIENT_ID) to serve other machines.',
    );
    for (const host of [
      '127.0.0.1',
      '127.0.1.1',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
    ]) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    const cognito = { COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_USER_POOL_CLIENT_ID: 'client' };
    expect(loadConfig({ ...cognito, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps the HL7 listener off unless its port is set, on loopback in local mode, and needs the interface key in production', () => {
    expect(loadConfig({}).interfaces.mllp).toBeUndefined();
    expect(loadConfig({ HL7_MLLP_PORT: '2575', HL7_MLLP_HOST: '0.0.0.0' }).interfaces.mllp).toEqual({
      host: '127.0.0.1',
      port: 2575,
    });
    const cognito = { COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_USER_POOL_CLIENT_ID: 'client' };
    expect(loadConfig({ ...cognito, HL7_MLLP_PORT: '2575' }).interfaces.mllp).toEqual({
      host: '0.0.0.0',
      port: 2575,
    });
    const production = {
      ...cognito,
      NODE_ENV: 'production',
      BACKUP_LINK_SECRET: 'l'.repeat(32),
      BACKUP_SIGNING_KEY: 's'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(/INTERFACE_SECRET_KEY/);
    expect(() => loadConfig({ ...production, INTERFACE_SECRET_KEY: 'short' })).toThrow(
      /INTERFACE_SECRET_KEY/,
    );
    expect(loadConfig({ ...production, INTERFACE_SECRET_KEY: 'k'.repeat(32) }).interfaces.secretKey).toBe(
      'k'.repeat(32),
    );
  });
});
