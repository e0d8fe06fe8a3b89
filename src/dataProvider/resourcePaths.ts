/**
 * react-admin resource name → API path under the base URL (spec §7). A resource is added here and
 * registered as `<Resource name=… />` in App.tsx; the data provider refuses names that are not listed.
 */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  users: '/users',
};
