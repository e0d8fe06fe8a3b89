import { fakeDataProvider } from '@test-support/fakeApi';
import { render, screen } from '@testing-library/react';
import { Admin, type AuthProvider, CustomRoutes, memoryStore } from 'react-admin';
import { Route } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { AppRouter } from '../../src/AppRouter';

it('sends a signed-out user to the sign-in page with one logout, not a redirect loop', async () => {
  const logout = vi.fn(async () => undefined);
  const signedOut: AuthProvider = {
    login: async () => undefined,
    logout,
    checkAuth: async () => {
      throw new Error('User needs to be authenticated to call this API.');
    },
    checkError: async () => undefined,
  };
  window.location.hash = '#/';
  render(
    <AppRouter>
      <Admin
        requireAuth
        authProvider={signedOut}
        dataProvider={fakeDataProvider({ chrome: [] })}
        store={memoryStore()}
        loginPage={() => <p>Sign in here</p>}
      >
        <CustomRoutes>
          <Route path="/unauthorized" element={<p>Unauthorized</p>} />
        </CustomRoutes>
      </Admin>
    </AppRouter>,
  );
  expect(await screen.findByText('Sign in here')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/login');
  expect(logout).toHaveBeenCalledTimes(1);
});
