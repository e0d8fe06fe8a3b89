import { buildRuntimeConfig } from '@test-support/fakeConfig';
import { describe, expect, it } from 'vitest';
import { OAUTH_SCOPES, toAmplifyConfig } from '../../src/config/amplifyConfig';

describe('toAmplifyConfig', () => {
  it('signs in by username against the configured endpoint with the password policy', () => {
    const cognito = toAmplifyConfig(buildRuntimeConfig(), 'https://vigil.example/').Auth?.Cognito;
    expect(cognito).toMatchObject({
      userPoolId: 'us-east-1_Fake0000',
      userPoolClientId: 'fakeclientid0000000000000',
      userPoolEndpoint: 'http://127.0.0.1:9229',
      loginWith: { username: true },
      passwordFormat: { minLength: 8, requireSpecialCharacters: true },
    });
    expect(cognito?.loginWith?.oauth).toBeUndefined();
  });

  it('adds the OAuth code flow with the spec scopes, returning to the site root by default', () => {
    const config = buildRuntimeConfig();
    config.cognito.oauth = {
      domain: 'auth.example',
      providers: ['Google'],
      redirectSignIn: [],
      redirectSignOut: [],
    };
    const oauth = toAmplifyConfig(config, 'https://vigil.example/').Auth?.Cognito.loginWith?.oauth;
    expect(oauth).toEqual({
      domain: 'auth.example',
      scopes: ['phone', 'email', 'profile', 'openid', 'aws.cognito.signin.user.admin'],
      redirectSignIn: ['https://vigil.example/'],
      redirectSignOut: ['https://vigil.example/'],
      responseType: 'code',
      providers: ['Google'],
    });
    expect(OAUTH_SCOPES).toHaveLength(5);
  });
});
