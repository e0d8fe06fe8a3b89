import { Amplify } from 'aws-amplify';
import { DEFAULT_PASSWORD_POLICY, type RuntimeConfig } from '../../contract/runtimeConfig';
import { toAmplifyConfig } from '../../src/config/amplifyConfig';

/** A configuration of a pool that does not exist: enough to render the sign-in gate. */
export const buildRuntimeConfig = (overrides: Partial<RuntimeConfig> = {}): RuntimeConfig => ({
  apiBaseUrl: '/api',
  localIdentity: true,
  cognito: {
    region: 'us-east-1',
    userPoolId: 'us-east-1_Fake0000',
    userPoolClientId: 'fakeclientid0000000000000',
    userPoolEndpoint: 'http://127.0.0.1:9229',
  },
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  totpIssuer: 'Vigil',
  ...overrides,
});

export const configureFakeAmplify = (config: RuntimeConfig) =>
  Amplify.configure(toAmplifyConfig(config, 'http://localhost/'));
