import { type ApiDocument, documentedAnswers } from './documentedAnswers';
import type { AnswerCheck, FakeRequest, Result } from './fakeApiRules';

type Route = { method: string; route: string; pattern: RegExp; parameters: number };

function routesOf(document: ApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      route,
      pattern: new RegExp(`^${route.replace(/\{\w+\}/g, '[^/]+')}/?$`),
      parameters: route.split('{').length - 1,
    })),
  );
}

/**
 * The API's check of the fake API's answers: each must be a call the API has, and its body (as it would
 * cross the wire: `{success, data, total?}` through JSON) must pass the route's response schema. A drifted
 * fake would let a component test pass against answers the real API never gives, so each problem is
 * handed to `report` (the setup file fails the test with it).
 */
export function fakeAnswerCheck(document: ApiDocument, report: (problem: string) => void): AnswerCheck {
  const documented = documentedAnswers(document);
  const routes = routesOf(document);
  // As the server's router: a path's static segments win over parameters (`/cases/intake` over `/cases/{id}`).
  const routeOf = (method: string, path: string) =>
    routes
      .filter((route) => route.method === method && route.pattern.test(path))
      .sort((a, b) => a.parameters - b.parameters)[0]?.route;
  return ({ method, path }: FakeRequest, answer: Result) => {
    const call = `${method} ${path}`;
    const route = routeOf(method, path);
    if (!route) return report(`The fake API answered ${call}, a call the API does not have`);
    const [status = 200] = documented.successStatuses(method, route);
    const payload = JSON.parse(JSON.stringify({ success: true, ...answer }));
    const problem = documented.problemOf({ method, route, status, payload });
    if (problem) report(`The fake API's answer to ${call} is not what the API answers: ${problem}`);
  };
}
