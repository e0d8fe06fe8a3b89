import { vi } from 'vitest';

type Handler = (body: Record<string, unknown>) => unknown;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT: Amplify decodes tokens in the browser but never verifies them there. */
export function fakeJwt(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'RS256', kid: 'fake' })}.${base64url({ iat: now, exp: now + 3600, ...claims })}.sig`;
}

export const fakeTokens = (username: string) => ({
  AccessToken: fakeJwt({
    sub: 'sub-1',
    username,
    token_use: 'access',
    client_id: 'fakeclientid0000000000000',
  }),
  IdToken: fakeJwt({
    sub: 'sub-1',
    'cognito:username': username,
    token_use: 'id',
    'cognito:groups': ['admin'],
  }),
  RefreshToken: 'refresh-token',
  ExpiresIn: 3600,
  TokenType: 'Bearer',
});

/**
 * Answers Amplify's Cognito calls (POST with X-Amz-Target) from handlers per target, like the local
 * emulator would; every call is recorded.
 */
export function fakeCognito(handlers: Record<string, Handler>) {
  const calls: { target: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const target = (headers.get('x-amz-target') ?? '').replace('AWSCognitoIdentityProviderService.', '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ target, body });
    const handler = handlers[target];
    if (!handler) {
      return new Response(JSON.stringify({ __type: 'UnsupportedOperation', message: target }), {
        status: 400,
      });
    }
    return new Response(JSON.stringify(handler(body)), {
      status: 200,
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'req-1' },
    });
  });
  return { fetch, calls, bodyOf: (target: string) => calls.find((call) => call.target === target)?.body };
}
