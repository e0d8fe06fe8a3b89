import type { ResourcesConfig } from 'aws-amplify';
import type { PasswordPolicy, RuntimeConfig } from '../../contract/runtimeConfig';

type CognitoConfig = NonNullable<NonNullable<ResourcesConfig['Auth']>['Cognito']>;

/** spec §7: scopes of the OAuth code flow, including the admin scope. */
export const OAUTH_SCOPES = ['phone', 'email', 'profile', 'openid', 'aws.cognito.signin.user.admin'];

/** Amplify's `passwordFormat` drives the Authenticator's password messages (spec §5). */
function toPasswordFormat(policy: PasswordPolicy): CognitoConfig['passwordFormat'] {
  return { ...policy };
}

/** Maps GET /config.json onto `Amplify.configure`'s input (users sign in by username, spec §3). */
export function toAmplifyConfig(
  config: RuntimeConfig,
  siteRoot = `${window.location.origin}/`,
): ResourcesConfig {
  const { userPoolId, userPoolClientId, userPoolEndpoint, oauth } = config.cognito;
  const cognito: CognitoConfig = {
    userPoolId,
    userPoolClientId,
    userPoolEndpoint,
    passwordFormat: toPasswordFormat(config.passwordPolicy),
    loginWith: { username: true },
  };
  if (oauth) {
    cognito.loginWith = {
      username: true,
      oauth: {
        domain: oauth.domain,
        scopes: OAUTH_SCOPES,
        // After federated sign-in or sign-out the browser returns to the site root (spec §7).
        redirectSignIn: oauth.redirectSignIn.length ? oauth.redirectSignIn : [siteRoot],
        redirectSignOut: oauth.redirectSignOut.length ? oauth.redirectSignOut : [siteRoot],
        responseType: 'code',
        providers: oauth.providers,
      },
    };
  }
  return { Auth: { Cognito: cognito } };
}
