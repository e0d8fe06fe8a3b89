import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../../../contract/runtimeConfig';
import { localAdminClient } from '../../../server/identity/localIdentity';
import { E2E_PORT } from './constants';

export type ApiCall = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The API as one user, for a story's setting-up that another story already walks through on screen
 * (a client, its protocol, the cases): a real id token from the local identity, real HTTP.
 */
export async function apiAs(username: string, password: string, port = E2E_PORT): Promise<ApiCall> {
  const config: RuntimeConfig = await (await fetch(`http://127.0.0.1:${port}/config.json`)).json();
  const client = localAdminClient(config.cognito.userPoolEndpoint ?? '');
  let token: string;
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.cognito.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    token = result.AuthenticationResult?.IdToken ?? '';
  } finally {
    client.destroy();
  }
  if (!token) throw new Error(`No id token for ${username}`);
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${config.apiBaseUrl}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(reply)}`);
    return reply.data as T;
  };
}
