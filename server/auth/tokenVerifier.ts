import { JwtVerifier } from 'aws-jwt-verify';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { type Role, rolesFromGroups } from '../../contract/roles';
import { keepVerified } from './verifiedTokens';

export type IdentitySettings = {
  /** The `iss` of the pool's tokens, e.g. https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc */
  issuer: string;
  jwksUri: string;
  userPoolClientId: string;
};

export type AuthenticatedUser = {
  username: string;
  email: string;
  name: string;
  roles: Role[];
};

export function cognitoIssuer(region: string, userPoolId: string, endpoint?: string): string {
  return endpoint
    ? `${endpoint.replace(/\/$/, '')}/${userPoolId}`
    : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

export function isCognitoIssuer(issuer: string): boolean {
  return /^https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com\/[\w-]+$/.test(issuer);
}

/** The library's own fetcher speaks https only; the local emulator's JWKS is served over http. */
const fetchFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

/** Verifies Cognito id tokens (signature against the pool's JWKS, issuer, client id, token_use, expiry). */
export function createTokenVerifier(settings: IdentitySettings) {
  const verifier = JwtVerifier.create(
    {
      issuer: settings.issuer,
      jwksUri: settings.jwksUri,
      audience: settings.userPoolClientId,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an id token');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: fetchFetcher }) },
  );
  return keepVerified(async function verify(token: string): Promise<VerifiedUser> {
    const payload = await verifier.verify(token);
    const username = String(payload['cognito:username'] ?? payload.sub);
    const groups = payload['cognito:groups'];
    return {
      username,
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : username,
      roles: rolesFromGroups(Array.isArray(groups) ? groups.map(String) : []),
      signedInAt: new Date(Number(payload.auth_time ?? payload.iat) * 1000),
      issuedAt: new Date(Number(payload.iat) * 1000),
      expiresAt: new Date(Number(payload.exp) * 1000),
    };
  });
}
export type VerifiedUser = AuthenticatedUser & {
  signedInAt: Date;
  /** When this token was issued (a refresh issues a new one): refused if before the user's sessions ended. */
  issuedAt: Date;
  /** When this token stops being accepted (a stream opened with it ends then). */
  expiresAt: Date;
};
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
