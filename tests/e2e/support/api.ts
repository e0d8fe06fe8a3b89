import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../../../contract/runtimeConfig';
import { localAdminClient } from '../../../server/identity/localIdentity';
import { E2E_PORT } from './constants';

/** A token this close to its expiry is not sent: the call may take that long to reach the server. */
const TOKEN_MARGIN_MS = 15_000;

export type ApiCall = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The API as one user, for a story's setting-up that another story already walks through on screen
 * (a client, its protocol, the cases): a real id token from the local identity, real HTTP.
 */
export async function apiAs(username: string, password: string, port = E2E_PORT): Promise<ApiCall> {
  const config: RuntimeConfig = await (await fetch(`http://127.0.0.1:${port}/config.json`)).json();
  const signIn = async () => {
    const client = localAdminClient(config.cognito.userPoolEndpoint ?? '');
    try {
      const result = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.cognito.userPoolClientId,
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      );
      const token = result.AuthenticationResult?.IdToken ?? '';
      if (!token) throw new Error(`No id token for ${username}`);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
      return { token, expiresAt: Number(exp) * 1000 };
    } finally {
      client.destroy();
    }
  };
  let session = await signIn();
  return async <T>(method: string, path: string, body?: unknown) => {
    // The end-to-end identity's tokens live E2E_TOKEN_SECONDS: a story that outlasts one (a busy machine)
    // signs in again rather than send an expired token.
    if (Date.now() > session.expiresAt - TOKEN_MARGIN_MS) session = await signIn();
    const response = await fetch(`http://127.0.0.1:${port}${config.apiBaseUrl}${path}`, {
      method,
      headers: { authorization: session.token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(reply)}`);
    return reply.data as T;
  };
}
