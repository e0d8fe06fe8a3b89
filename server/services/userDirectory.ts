import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type AttributeType,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

export type DirectoryUser = {
  username: string;
  email: string;
  name: string;
  isEnabled: boolean;
  groups: string[];
};

/** A user of a group, as listed: no group memberships. */
export type GroupMember = Omit<DirectoryUser, 'groups'>;

const attributeOf = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((attribute) => attribute.Name === name)?.Value ?? '';

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
        const attribute = (name: string) => attributeOf(user.UserAttributes, name);
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
    /** Every user of a group (a role), page by page. */
    async listGroup(group: string): Promise<GroupMember[]> {
      const members: GroupMember[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(
          new ListUsersInGroupCommand({ UserPoolId, GroupName: group, NextToken }),
        );
        for (const user of page.Users ?? []) {
          const username = user.Username ?? '';
          members.push({
            username,
            email: attributeOf(user.Attributes, 'email'),
            name: attributeOf(user.Attributes, 'name') || username,
            isEnabled: user.Enabled ?? true,
          });
        }
        NextToken = page.NextToken;
      } while (NextToken);
      return members;
    },
    destroy() {
      client.destroy();
    },
  };
}
export type UserDirectory = ReturnType<typeof createUserDirectory>;
