import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '../../contract/roles';

type DirectoryUser = {
  username: string;
  email: string;
  name: string;
  /** e.g. "MD, FACNS"; '' when none. */
  credentials: string;
  isEnabled: boolean;
  groups: string[];
};

/** A user of a group, as listed: no group memberships. */
export type GroupMember = Omit<DirectoryUser, 'groups'>;

/** A user of the pool as the users page lists them. */
export type PoolUser = DirectoryUser & { status: string; createdAt: string | null };

export type NewUser = {
  username: string;
  email: string;
  name: string;
  credentials: string;
  groups: readonly string[];
};

/** The pool's custom attribute (declared mutable on the pool, DESIGN §4 "Interpretations"). */
export const CREDENTIALS_ATTRIBUTE = 'custom:credentials';

/** True when `error` is the Cognito exception `name` (the SDK's classes, or a plain error of that name). */
export const isCognitoError = (error: unknown, name: string) =>
  error instanceof Error && (error.name === name || (error as { __type?: string }).__type === name);

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
  const directory = {
    async getUser(username: string): Promise<PoolUser | undefined> {
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
          credentials: attribute(CREDENTIALS_ATTRIBUTE),
          isEnabled: user.Enabled ?? true,
          status: user.UserStatus ?? 'UNKNOWN',
          createdAt: user.UserCreateDate?.toISOString() ?? null,
          groups: (groups.Groups ?? []).map((group) => group.GroupName ?? '').filter(Boolean),
        };
      } catch (error) {
        if (error instanceof UserNotFoundException || isCognitoError(error, 'UserNotFoundException')) {
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
            credentials: attributeOf(user.Attributes, CREDENTIALS_ATTRIBUTE),
            isEnabled: user.Enabled ?? true,
          });
        }
        NextToken = page.NextToken;
      } while (NextToken);
      return members;
    },
    /**
     * Every user of the pool with their groups. Groups are read per group (one call per role, paged), not
     * per user, so a pool of hundreds of users costs a handful of calls.
     */
    async listUsers(): Promise<PoolUser[]> {
      const users: PoolUser[] = [];
      let PaginationToken: string | undefined;
      do {
        const page = await client.send(new ListUsersCommand({ UserPoolId, Limit: 60, PaginationToken }));
        for (const user of page.Users ?? []) {
          const username = user.Username ?? '';
          users.push({
            username,
            email: attributeOf(user.Attributes, 'email'),
            name: attributeOf(user.Attributes, 'name') || username,
            credentials: attributeOf(user.Attributes, CREDENTIALS_ATTRIBUTE),
            isEnabled: user.Enabled ?? true,
            status: user.UserStatus ?? 'UNKNOWN',
            createdAt: user.UserCreateDate?.toISOString() ?? null,
            groups: [],
          });
        }
        PaginationToken = page.PaginationToken;
      } while (PaginationToken);
      const byUsername = new Map(users.map((user) => [user.username, user]));
      const memberships = await Promise.all(
        ROLES.map(async (role) => ({ role, members: await directory.listGroup(role) })),
      );
      for (const { role, members } of memberships) {
        for (const member of members) byUsername.get(member.username)?.groups.push(role);
      }
      return users;
    },
    /**
     * Creates the user with a temporary password that Cognito e-mails them (the local identity prints it),
     * then adds their groups. A failure after the user exists removes the user again: no half-made invite.
     */
    async inviteUser(user: NewUser): Promise<void> {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: user.username,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'name', Value: user.name },
            { Name: 'email', Value: user.email },
            // The invitation reaches them at this address, and the admin typed it: it needs no second proof.
            { Name: 'email_verified', Value: 'true' },
            ...(user.credentials ? [{ Name: CREDENTIALS_ATTRIBUTE, Value: user.credentials }] : []),
          ],
        }),
      );
      try {
        for (const GroupName of user.groups) {
          await client.send(
            new AdminAddUserToGroupCommand({ UserPoolId, Username: user.username, GroupName }),
          );
        }
      } catch (error) {
        await client
          .send(new AdminDeleteUserCommand({ UserPoolId, Username: user.username }))
          .catch(() => {});
        throw error;
      }
    },
    /** Makes `groups` the user's whole set of groups: adds the missing, removes the rest. */
    async setGroups(username: string, current: readonly string[], groups: readonly string[]) {
      for (const GroupName of groups.filter((group) => !current.includes(group))) {
        await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName }));
      }
      for (const GroupName of current.filter((group) => !groups.includes(group))) {
        await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: username, GroupName }));
      }
    },
    /** Changes the user's name and credentials; credentials '' removes the attribute (Cognito keeps no empty one). */
    async updateUser(username: string, { name, credentials }: { name?: string; credentials?: string }) {
      const attributes = [
        ...(name === undefined ? [] : [{ Name: 'name', Value: name }]),
        ...(credentials ? [{ Name: CREDENTIALS_ATTRIBUTE, Value: credentials }] : []),
      ];
      if (attributes.length > 0) {
        await client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId,
            Username: username,
            UserAttributes: attributes,
          }),
        );
      }
      if (credentials === '') {
        await client.send(
          new AdminDeleteUserAttributesCommand({
            UserPoolId,
            Username: username,
            UserAttributeNames: [CREDENTIALS_ATTRIBUTE],
          }),
        );
      }
    },
    /** Enables or disables the user in the pool (a disabled user cannot sign in or refresh). */
    async setEnabled(username: string, enabled: boolean) {
      const command = enabled
        ? new AdminEnableUserCommand({ UserPoolId, Username: username })
        : new AdminDisableUserCommand({ UserPoolId, Username: username });
      await client.send(command);
    },
    /** Cognito's global sign-out: the user's refresh tokens stop working, so no session renews itself. */
    async signOutEverywhere(username: string) {
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username }));
    },
    /** The password stops working; the user must set a new one with a code sent to them. */
    async resetPassword(username: string) {
      await client.send(new AdminResetUserPasswordCommand({ UserPoolId, Username: username }));
    },
    destroy() {
      client.destroy();
    },
  };
  return directory;
}
export type UserDirectory = ReturnType<typeof createUserDirectory>;
