import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { buildClient } from '../support/clientBuilders';
import { fakeAnswerCheck } from '../support/fakeAnswerCheck';
import { fakeHttpClient } from '../support/fakeApi';
import { type AnswerCheck, checkFakeAnswersWith } from '../support/fakeApiRules';

/** The fake API's answers are held to the API's contract: a fake that drifts fails the test using it. */
describe("The fake API's answers against the API's response schemas", () => {
  let problems: string[];
  let check: AnswerCheck;
  let setupCheck: AnswerCheck | undefined;
  beforeEach(() => {
    problems = [];
    check = fakeAnswerCheck(inject('apiDocument'), (problem) => {
      problems.push(problem);
    });
  });
  afterEach(() => {
    if (setupCheck) checkFakeAnswersWith(setupCheck);
  });

  it('passes an answer as the API gives it', () => {
    check({ method: 'GET', path: API_PATHS.client(7) }, { data: buildClient({ id: 7 }) });
    check({ method: 'GET', path: API_PATHS.clients }, { data: [buildClient({ id: 7 })], total: 1 });
    expect(problems).toEqual([]);
  });

  it('refuses an answer missing a field the API always sends, naming the call, the route and the field', () => {
    const { code: _dropped, ...withoutCode } = buildClient({ id: 7 });
    check({ method: 'GET', path: API_PATHS.client(7) }, { data: withoutCode });
    expect(problems).toEqual([
      "The fake API's answer to GET /continuous-monitoring/clients/7 is not what the API answers: " +
        "GET /continuous-monitoring/clients/{id} 200: answer/data must have required property 'code'",
    ]);
  });

  it('refuses a field of the wrong type, and a list without its total', () => {
    check({ method: 'GET', path: API_PATHS.client(7) }, { data: { ...buildClient({ id: 7 }), id: '7' } });
    check({ method: 'GET', path: API_PATHS.clients }, { data: [buildClient({ id: 7 })] });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('answer/data/id must be integer');
    expect(problems[1]).toContain("answer must have required property 'total'");
  });

  it('refuses an answer to a call the API does not have', () => {
    check({ method: 'GET', path: '/continuous-monitoring/clientz' }, { data: [] });
    check({ method: 'PATCH', path: API_PATHS.client(7) }, { data: buildClient({ id: 7 }) });
    expect(problems).toEqual([
      'The fake API answered GET /continuous-monitoring/clientz, a call the API does not have',
      'The fake API answered PATCH /continuous-monitoring/clients/7, a call the API does not have',
    ]);
  });

  it('checks every answer on its way out of the fake API: a drifted seed is reported, the answer still given', async () => {
    setupCheck = checkFakeAnswersWith(check);
    expect(setupCheck, "the setup file installs the contract's check").toBeDefined();
    const drifted = { ...buildClient({ id: 7 }), isEnabled: 'yes' } as unknown as ReturnType<
      typeof buildClient
    >;
    const api = fakeHttpClient({ chrome: [], clientsData: { clients: [drifted] } });
    const { data } = await api(API_PATHS.client(7));
    expect(data).toEqual(drifted);
    expect(problems).toEqual([
      "The fake API's answer to GET /continuous-monitoring/clients/7 is not what the API answers: " +
        'GET /continuous-monitoring/clients/{id} 200: answer/data/isEnabled must be boolean',
    ]);
  });
});
