import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

export type DirectoryUser = {
  username: string;
  email: string;
  name: string;
  isEnabled: boolean;
  groups: string[];
};

export type UserDirectorySettings = { region: string; userPoolId: string; endpoint?: string };

/** Users live in Cognito; the API reads them through the admin API (the local emulator speaks it too). */
export function createUserDirectory(settings: UserDirectorySettings) {
  const client = new CognitoIdentityProviderClient({
    region: settings.region,
    endpoint: settings.endpoint,
    // The emulator ignores credentials; real Cognito uses the default AWS credential chain.
    credentials: settings.endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
  });
  const UserPoolId = settings.userPoolId;
  return {
    async getUser(username: string): Promise<DirectoryUser | undefined> {
      try {
        const [user, groups] = await Promise.all([
          client.send(new AdminGetUserCommand({ UserPoolId, Username: username })),
          client.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: username })),
        ]);
        const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value ?? '';
        return {
          username: user.Username ?? username,
          email: attribute('email'),
          name: attribute('name') || (user.Username ?? username),
          isEnabled: user.Enabled ?? true,
          groups: (groups.Groups ?? []).map((group) => group.GroupName ?? '').filter(Boolean),
        };
      } catch (error) {
        if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') {
          return undefined;
        }
        throw error;
      }
    },
    destroy() {
      client.destroy();
    },
  };
}
export type UserDirectory = ReturnType<typeof createUserDirectory>;
