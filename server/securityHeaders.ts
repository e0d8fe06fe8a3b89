/**
 * The security headers of every response, including the errors Fastify answers before any hook runs
 * (a malformed URL, a too-long path parameter).
 */
export function securityHeaderOptions({
  production,
  identityOrigins,
}: {
  production: boolean;
  /** Where the browser signs in: the Cognito endpoint (or the local identity) and the hosted UI. */
  identityOrigins: string[];
}) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) and Amplify UI inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...identityOrigins],
        formAction: ["'self'", ...identityOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production,
  };
}
