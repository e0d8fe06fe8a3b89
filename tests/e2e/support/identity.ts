import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../../contract/roles';
import type { RuntimeConfig } from '../../../contract/runtimeConfig';
import { E2E_PORT } from './constants';

export type E2eUser = { username: string; password: string; name: string };

async function runtimeConfig(port: number): Promise<RuntimeConfig> {
  return (await fetch(`http://127.0.0.1:${port}/config.json`)).json();
}

/**
 * A fresh user in the app's local identity, so a story never depends on what another one changed (the
 * identity of the server on `port`, the end-to-end one unless said).
 */
export async function createUser(
  role: Role,
  attributes: Record<string, string> = {},
  port = E2E_PORT,
): Promise<E2eUser> {
  const { cognito } = await runtimeConfig(port);
  const client = new CognitoIdentityProviderClient({
    region: cognito.region,
    endpoint: cognito.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const username = `e2e-${randomUUID().slice(0, 8)}`;
  const user = { username, password: 'Start!pass2026', name: `Casey ${username.slice(4)}` };
  try {
    const UserPoolId = cognito.userPoolId;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: username,
        TemporaryPassword: user.password,
        MessageAction: 'SUPPRESS',
        UserAttributes: Object.entries({
          name: user.name,
          email: `${username}@example.org`,
          email_verified: 'true',
          ...attributes,
        }).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: username,
        Password: user.password,
        Permanent: true,
      }),
    );
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName: role }));
  } finally {
    client.destroy();
  }
  return user;
}
