import { expect, type Mock } from 'vitest';

/** A request the fake API saw: `expect(onRequest).toHaveBeenCalledWith(sentRequest('PUT', path, body))`. */
export const sentRequest = (method: string, path: string, body?: unknown) =>
  expect.objectContaining(body === undefined ? { method, path } : { method, path, body });

/** How many times the fake API was asked `METHOD path`. */
export const requestCount = (onRequest: Mock, method: string, path: string) =>
  onRequest.mock.calls.filter(([request]) => request.method === method && request.path === path).length;
