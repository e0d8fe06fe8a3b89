import type { ComponentType } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import type { SignInFirstProps } from './authProvider/SignInFirst';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { preloadPage } from './pageChunks';
import { type Preloadable, preloadable } from './preloadable';
import { reloadOnce } from './reloadOnce';

/**
 * What the first paint waits for, fetched side by side instead of one after another (issue 20, item 8).
 * The entry holds only the start-up shell, not React (preloaded beside it). Someone signed in gets the
 * app's chunks (react-admin, MUI, the routes) and the page's with /config.json; someone not signed in gets
 * the sign-in form's (Amplify UI's Authenticator) instead, and the app's only once the form shows.
 */
export type StartModules = {
  amplify: () => Promise<{ configureAmplify(config: RuntimeConfig): void }>;
  app: Preloadable<{ App: ComponentType<{ config: RuntimeConfig }> }>;
  gate: () => Promise<{ SignInFirst: ComponentType<SignInFirstProps> }>;
  /** The chunks of the page at a path (the address after `#`), so they do not wait for the app's. */
  page: (path: string) => void;
};

/** A chunk that fails to load (a deployment removed it) reloads the page once, as `lazyWithReload` does. */
const reloading =
  <T>(load: () => Promise<T>) =>
  () =>
    load().catch((error: unknown) => {
      if (reloadOnce()) return new Promise<never>(() => undefined); // the page is going away
      throw error;
    });

const START_MODULES: StartModules = {
  amplify: reloading(() => import('./config/configureAmplify')),
  app: preloadable(reloading(() => import('./App'))),
  gate: reloading(() => import('./authProvider/SignInFirst')),
  page: preloadPage,
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

/** What the first screen shows once its configuration and chunks are in. */
export type FirstView =
  | { status: 'app'; config: RuntimeConfig; App: ComponentType<{ config: RuntimeConfig }> }
  | { status: 'gate'; config: RuntimeConfig; Gate: ComponentType<SignInFirstProps> };

export type Started = { modules: StartModules; firstView: Promise<FirstView> };

export type StartOptions = {
  /** Whether Amplify keeps a session (read from localStorage unless a test says). */
  signedIn?: boolean;
  modules?: StartModules;
  loadConfig?: () => Promise<RuntimeConfig>;
  /** The page asked for, the address after `#`. */
  path?: string;
};

/**
 * Asks at once for everything the first screen needs: /config.json, Amplify and the app with the chunks
 * of the page asked for (someone signed in) or the sign-in form (anyone else). Called by the entry before
 * React itself has loaded, so that none of these waits for React to load and run.
 */
export function startLoading({
  signedIn = hasStoredSession(),
  modules = START_MODULES,
  loadConfig = loadRuntimeConfig,
  path = window.location.hash.replace(/^#/, '') || '/',
}: StartOptions = {}): Started {
  const config = loadConfig(); // first of the requests: the smallest, and every screen waits for it
  const view = signedIn
    ? modules.app().then(({ App }) => ({ status: 'app' as const, App }))
    : modules.gate().then(({ SignInFirst }) => ({ status: 'gate' as const, Gate: SignInFirst }));
  if (signedIn) modules.page(path);
  const firstView = Promise.all([config, modules.amplify(), view]).then(
    ([config, amplify, shown]): FirstView => {
      amplify.configureAmplify(config);
      return { ...shown, config };
    },
  );
  // Shown by Bootstrap once it has mounted; until then a failure is not an unhandled one.
  firstView.catch(() => undefined);
  return { modules, firstView };
}
