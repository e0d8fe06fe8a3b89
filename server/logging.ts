import pino from 'pino';

type LoggedRequest = { id: string; method: string; routeOptions?: { url?: string } };

/**
 * The server's structured log (JSON lines). A request is logged by its method and route template
 * (`/api/continuous-monitoring/cases/details/:id`), never its path or query: a path may hold a case id or an
 * MRN, a query a patient's name. A call no route matched is logged as such.
 */
export function serverLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      serializers: {
        req: (request: LoggedRequest) => ({
          id: request.id,
          method: request.method,
          route: request.routeOptions?.url ?? '(no route)',
        }),
      },
    },
    destination,
  );
}
