import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import type { Breadcrumb, CurrentUser, NavigationItem } from '../../contract/chrome';
import { MAX_PER_PAGE } from '../../contract/pageSize';
import { API_PATHS } from '../../contract/paths';
import { attentionMethods } from './attentionMethods';
import { backupMethods } from './backupMethods';
import { billingMethods } from './billingMethods';
import { bugMethods } from './bugMethods';
import { caseMethods } from './caseMethods';
import { caseResources } from './caseResources';
import { clientMethods } from './clientMethods';
import type { HttpClient, QueryValue } from './httpClient';
import { interfaceMethods } from './interfaceMethods';
import { recordMethods } from './recordMethods';
import { RESOURCE_KEYS, RESOURCE_PATHS } from './resourcePaths';
import { timeLogMethods } from './timeLogMethods';
import { userMethods } from './userMethods';

export interface DataProviderOptions {
  httpClient: HttpClient;
  resourcePaths?: Readonly<Record<string, string>>;
  /** The field that keys a resource's records when the API sends no `id` (default `_id`). */
  resourceKeys?: Readonly<Record<string, string>>;
}

type Filter = Record<string, QueryValue>;

function listQuery({ pagination, sort, filter }: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) {
  return {
    ...(filter as Filter),
    page: pagination?.page,
    perPage: pagination?.perPage,
    sort: sort?.field,
    order: sort?.order,
  };
}

/** react-admin needs an `id`: contacts and links are keyed `_id` in the API (DESIGN §4), users by username. */
function withId<R>(record: R, key = '_id'): R {
  if (typeof record !== 'object' || record === null || 'id' in record || !(key in record)) return record;
  return { ...record, id: (record as Record<string, unknown>)[key] };
}

/**
 * Optimistic locking sends the version each record was read with, and react-admin's bulk methods get only
 * ids: they refuse, and no list offers bulk actions (`bulkActionButtons={false}`).
 */
const refuseBulk = (action: 'update' | 'delete', resource: string): never => {
  throw new Error(
    `Bulk ${action} is not supported for "${resource}": each ${action} must send the version its record was read with.`,
  );
};

/** The data provider over the REST API: standard methods from a resource → path table, plus the app's own. */
export function createDataProvider({
  httpClient,
  resourcePaths = RESOURCE_PATHS,
  resourceKeys = RESOURCE_KEYS,
}: DataProviderOptions) {
  // A nested record's resource is its listed parent's name plus the rest of the API path.
  const nestedPath = (resource: string) => {
    const parent = Object.keys(resourcePaths).find((name) => resource.startsWith(`${name}/`));
    return parent && `${resourcePaths[parent]}${resource.slice(parent.length)}`;
  };
  const pathOf = (resource: string) => {
    const path = resourcePaths[resource] ?? nestedPath(resource);
    if (!path)
      throw new Error(`No API path for the resource "${resource}" (see dataProvider/resourcePaths.ts)`);
    return path;
  };
  const recordPath = (resource: string, id: Identifier) => `${pathOf(resource)}/${encodeURIComponent(id)}`;
  const keyed = <R>(resource: string, record: R) => withId(record, resourceKeys[resource]);
  const getRecord = async <R extends RaRecord>(resource: string, id: Identifier) => {
    const { data } = await httpClient<R>(recordPath(resource, id));
    return { data: keyed(resource, data) };
  };

  const listPage = async <R extends RaRecord>(resource: string, params: GetListParams) => {
    const { data, total } = await httpClient<R[]>(pathOf(resource), { query: listQuery(params) });
    return { data: data.map((record) => keyed(resource, record)), total: total ?? data.length };
  };

  // The API serves at most MAX_PER_PAGE rows a page; larger requests (react-admin's CSV export asks
  // for 1,000) are read page by page.
  const list = async <R extends RaRecord>(resource: string, params: GetListParams) => {
    const { page = 1, perPage = MAX_PER_PAGE } = params.pagination ?? {};
    if (perPage <= MAX_PER_PAGE) return listPage<R>(resource, params);
    const offset = (page - 1) * perPage;
    const skip = offset % MAX_PER_PAGE;
    const rows: R[] = [];
    let total = 0;
    for (let apiPage = Math.floor(offset / MAX_PER_PAGE) + 1; rows.length < skip + perPage; apiPage++) {
      const result = await listPage<R>(resource, {
        ...params,
        pagination: { page: apiPage, perPage: MAX_PER_PAGE },
      });
      rows.push(...result.data);
      total = result.total;
      if (apiPage * MAX_PER_PAGE >= total) break;
    }
    return { data: rows.slice(skip, skip + perPage), total };
  };

  // A case's records and patient details: the record calls' own requests (caseResources.ts).
  const cases = caseResources(httpClient);

  return {
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) =>
      ((await cases.getList(resource)) as { data: R[]; total: number } | undefined) ??
      list<R>(resource, params),
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams<R>) =>
      ((await cases.getOne(resource, params)) as { data: R } | undefined) ??
      getRecord<R>(resource, params.id),
    async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>) {
      const records = await cases.getMany(resource, { ids });
      if (records) return records as { data: R[] };
      const results = await Promise.all(ids.map((id) => getRecord<R>(resource, id)));
      return { data: results.map((result) => result.data) };
    },
    getManyReference: async <R extends RaRecord>(
      resource: string,
      { target, id, filter, ...params }: GetManyReferenceParams,
    ) => list<R>(resource, { ...params, filter: { ...filter, [target]: id } }),
    async create<R extends Omit<RaRecord, 'id'>>(resource: string, { data, meta }: CreateParams<R>) {
      const record = await cases.create(resource, { data, meta });
      if (record) return record as { data: R & { id: Identifier } };
      const created = await httpClient<R & { id: Identifier }>(pathOf(resource), {
        method: 'POST',
        body: data,
      });
      return { data: keyed(resource, created.data) };
    },
    // Optimistic locking (DESIGN §2 Scale-out): the version the form was loaded with goes back to the server.
    async update<R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) {
      const record = await cases.update(resource, { id, data, previousData });
      if (record) return record as unknown as { data: R };
      const updated = await httpClient<R>(recordPath(resource, id), {
        method: 'PUT',
        body: { ...data, version: previousData?.version ?? data.version },
      });
      return { data: keyed(resource, updated.data) };
    },
    updateMany: async (resource: string, _params: UpdateManyParams) => refuseBulk('update', resource),
    async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) {
      await httpClient<unknown>(recordPath(resource, id), {
        method: 'DELETE',
        query: { version: previousData?.version },
      });
      return { data: (previousData ?? { id }) as R };
    },
    deleteMany: async (resource: string, _params: DeleteManyParams) => refuseBulk('delete', resource),

    /** The signed-in user's menu (GET /chrome). */
    getChrome: async () => (await httpClient<NavigationItem[]>(API_PATHS.chrome)).data,
    /** Breadcrumbs of a route (GET /chrome/breadcrumbs?queryPath=…). */
    getBreadcrumbs: async (queryPath: string) =>
      (await httpClient<Breadcrumb[]>(API_PATHS.breadcrumbs, { query: { queryPath } })).data,
    /** A user's details (GET /users/{username}). */
    getUser: async (username: string) =>
      (await httpClient<CurrentUser>(API_PATHS.user(encodeURIComponent(username)))).data,
    ...clientMethods(httpClient),
    ...caseMethods(httpClient),
    ...recordMethods(httpClient),
    ...timeLogMethods(httpClient),
    ...billingMethods(httpClient),
    ...bugMethods(httpClient),
    ...userMethods(httpClient),
    ...backupMethods(httpClient),
    ...interfaceMethods(httpClient),
    ...attentionMethods(httpClient),
  } satisfies DataProvider & Record<string, unknown>;
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;
