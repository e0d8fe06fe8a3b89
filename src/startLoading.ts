import type { ComponentType } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import type { SignInFirstProps } from './authProvider/SignInFirst';
import { reloadOnce } from './lazyWithReload';

/**
 * What the first paint waits for, fetched side by side instead of one after another (issue 20, item 8).
 * The entry holds only React and the start-up shell. Someone signed in gets the app's chunk (react-admin,
 * MUI, the routes) with /config.json; someone not signed in gets the sign-in form's chunk (Amplify UI's
 * Authenticator) instead, and the app's only once the form shows.
 */
export type StartModules = {
  amplify: () => Promise<{ configureAmplify(config: RuntimeConfig): void }>;
  app: () => Promise<{ App: ComponentType<{ config: RuntimeConfig }> }>;
  gate: () => Promise<{ SignInFirst: ComponentType<SignInFirstProps> }>;
};

/** A chunk that fails to load (a deployment removed it) reloads the page once, as `lazyWithReload` does. */
const reloading =
  <T>(load: () => Promise<T>) =>
  () =>
    load().catch((error: unknown) => {
      if (reloadOnce()) return new Promise<never>(() => undefined); // the page is going away
      throw error;
    });

export const START_MODULES: StartModules = {
  amplify: reloading(() => import('./config/configureAmplify')),
  app: reloading(() => import('./App')),
  gate: reloading(() => import('./authProvider/SignInFirst')),
};

/** Amplify keeps a signed-in user as `CognitoIdentityServiceProvider.{clientId}.LastAuthUser`. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // storage blocked: Amplify cannot keep a session either
  }
  return false;
}
