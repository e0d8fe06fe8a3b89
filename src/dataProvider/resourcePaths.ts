/** The clients resource, named after its route (spec §2); its nested records are `${CLIENTS_RESOURCE}/7/contacts`. */
export const CLIENTS_RESOURCE = 'continuous-monitoring/clients';

/**
 * react-admin resource name → API path under the base URL (spec §7). A resource is added here and
 * registered as `<Resource name=… />` in AppAdmin.tsx; the data provider refuses names that are not listed,
 * except nested records of a listed one (`continuous-monitoring/clients/7/contacts` → its path + `/7/contacts`).
 */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  users: '/users',
  [CLIENTS_RESOURCE]: '/continuous-monitoring/clients',
};
