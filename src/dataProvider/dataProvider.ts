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
  UpdateParams,
} from 'react-admin';
import type { Breadcrumb, CurrentUser, NavigationItem } from '../../contract/chrome';
import type { HttpClient, QueryValue } from './httpClient';
import { RESOURCE_PATHS } from './resourcePaths';

export interface DataProviderOptions {
  apiUrl: string;
  httpClient: HttpClient;
  resourcePaths?: Readonly<Record<string, string>>;
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

/** The data provider over the REST API: standard methods from a resource → path table, plus the app's own. */
export function createDataProvider({
  apiUrl,
  httpClient,
  resourcePaths = RESOURCE_PATHS,
}: DataProviderOptions) {
  const pathOf = (resource: string) => {
    const path = resourcePaths[resource];
    if (!path)
      throw new Error(`No API path for the resource "${resource}" (see dataProvider/resourcePaths.ts)`);
    return path;
  };
  const recordPath = (resource: string, id: Identifier) => `${pathOf(resource)}/${encodeURIComponent(id)}`;
  const getRecord = async <R extends RaRecord>(resource: string, id: Identifier) =>
    httpClient<R>(recordPath(resource, id));

  const list = async <R extends RaRecord>(resource: string, params: GetListParams) => {
    const { data, total } = await httpClient<R[]>(pathOf(resource), { query: listQuery(params) });
    return { data, total: total ?? data.length };
  };

  return {
    apiUrl,
    getList: list,
    getOne: <R extends RaRecord>(resource: string, { id }: GetOneParams<R>) => getRecord<R>(resource, id),
    async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>) {
      const results = await Promise.all(ids.map((id) => getRecord<R>(resource, id)));
      return { data: results.map((result) => result.data) };
    },
    getManyReference: async <R extends RaRecord>(
      resource: string,
      { target, id, filter, ...params }: GetManyReferenceParams,
    ) => list<R>(resource, { ...params, filter: { ...filter, [target]: id } }),
    create: async <R extends Omit<RaRecord, 'id'>>(resource: string, { data }: CreateParams<R>) =>
      httpClient<R & { id: Identifier }>(pathOf(resource), { method: 'POST', body: data }),
    // Optimistic locking (DESIGN §2 Scale-out): the version the form was loaded with goes back to the server.
    update: async <R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) =>
      httpClient<R>(recordPath(resource, id), {
        method: 'PUT',
        body: { ...data, version: previousData?.version ?? data.version },
      }),
    updateMany: async (resource: string) => {
      throw new Error(`Bulk update is not supported for "${resource}"`);
    },
    async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) {
      await httpClient<unknown>(recordPath(resource, id), { method: 'DELETE' });
      return { data: (previousData ?? { id }) as R };
    },
    async deleteMany<R extends RaRecord>(resource: string, { ids }: DeleteManyParams<R>) {
      await Promise.all(ids.map((id) => httpClient<unknown>(recordPath(resource, id), { method: 'DELETE' })));
      return { data: ids };
    },

    /** The signed-in user's menu (GET /chrome). */
    getChrome: async () => (await httpClient<NavigationItem[]>('/chrome')).data,
    /** Breadcrumbs of a route (GET /chrome/breadcrumbs?queryPath=…). */
    getBreadcrumbs: async (queryPath: string) =>
      (await httpClient<Breadcrumb[]>('/chrome/breadcrumbs', { query: { queryPath } })).data,
    /** A user's details (GET /users/{username}). */
    getUser: async (username: string) =>
      (await httpClient<CurrentUser>(`/users/${encodeURIComponent(username)}`)).data,
  } satisfies DataProvider & Record<string, unknown>;
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;
