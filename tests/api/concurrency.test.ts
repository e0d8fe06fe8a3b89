import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from './support/constants';
import { fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

describeEachDatabase('concurrent requests', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await fetchIdToken(inject('identity'), 'admin', DEMO_PASSWORD);
  });
  afterAll(() => server.close());

  it('answers many parameterised queries at once without mixing them up', async () => {
    const paths = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 0
        ? '/users/admin'
        : index % 3 === 1
          ? `/chrome/breadcrumbs?queryPath=/continuous-monitoring/clients/${index}`
          : `/continuous-monitoring/clients?page=${(index % 5) + 1}&q=x${index}`,
    );
    const replies = await Promise.all(
      paths.map((path) => fetch(`${server.api}${path}`, { headers: { authorization: token } })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(paths.map(() => 200));
  });
});
