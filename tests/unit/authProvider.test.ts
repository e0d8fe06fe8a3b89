// @vitest-environment jsdom
import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { signIn } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/authProvider';
import { roleResource } from '../../src/authProvider/roleResource';
import { fakeCognito, fakeJwt, fakeTokens } from './support/fakeCognito';

const cognito = fakeCognito({
  InitiateAuth: () => ({
    AuthenticationResult: {
      ...fakeTokens('ada'),
      IdToken: fakeJwt({
        'cognito:username': 'ada',
        name: 'Ada (token)',
        'cognito:groups': ['technologist', 'staff'],
      }),
    },
  }),
  RevokeToken: () => ({}),
});

const getUser = vi.fn();
const authProvider = createAuthProvider({ getUser });

beforeEach(async () => {
  localStorage.clear();
  vi.stubGlobal('fetch', cognito.fetch);
  configureFakeAmplify(buildRuntimeConfig());
  await signIn({ username: 'ada', password: 'Secret 123!', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
});
afterEach(() => {
  getUser.mockReset();
  vi.unstubAllGlobals();
});

describe('authProvider over Amplify', () => {
  it('takes the roles from the id token groups, ignoring unknown groups', async () => {
    expect(await authProvider.getPermissions?.({})).toEqual(['technologist']);
    expect(await authProvider.canAccess?.({ resource: 'clients', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess?.({ resource: 'users', action: 'list' })).toBe(false);
  });

  it('checks route-named resources against the role table', async () => {
    const can = (resource: string, action: string) => authProvider.canAccess?.({ resource, action });
    expect(await can('continuous-monitoring/clients', 'list')).toBe(true);
    expect(await can('continuous-monitoring/clients', 'show')).toBe(true);
    expect(await can('continuous-monitoring/clients', 'edit')).toBe(false);
    expect(await can('continuous-monitoring/clients', 'delete')).toBe(false);
    expect(await can('continuous-monitoring/clients/7/contacts', 'create')).toBe(false);
  });

  it("names the user from GET /users/{username}, else from the token's name", async () => {
    getUser.mockResolvedValueOnce({ username: 'ada', name: 'Ada Lovelace' });
    expect(await authProvider.getIdentity?.()).toEqual({ id: 'ada', fullName: 'Ada Lovelace' });
    expect(getUser).toHaveBeenCalledWith('ada');
    getUser.mockRejectedValueOnce(new Error('Bad Request'));
    expect(await authProvider.getIdentity?.()).toEqual({ id: 'ada', fullName: 'Ada (token)' });
  });

  it('logs out on 401 only', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ status: 401 });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('has a session until sign-out, then sends the user to the sign-in gate at /signin', async () => {
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.logout({})).toBe('/signin');
    await expect(authProvider.checkAuth({})).rejects.toThrow(
      'User needs to be authenticated to call this API.',
    );
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
  });
});

describe('roleResource', () => {
  it.each([
    ['continuous-monitoring/clients', 'clients'],
    ['continuous-monitoring/clients/7/contacts', 'clients'],
    ['continuous-monitoring/clients/7/useful-links', 'clients'],
    ['continuous-monitoring/clients/7/cases', 'cases'],
    ['users', 'users'],
    ['bugs', 'bugs'],
  ])('governs %s by the %s grants', (resource, expected) => {
    expect(roleResource(resource)).toBe(expected);
  });
});
