/**
 * The first screen's API reads, asked for the moment sign-in yields a token, while the app's code is still
 * rendering its shell: the HTTP client takes each answer once instead of asking again, so the first screen
 * does not wait for the shell before its data sets off (issue 20, item 8: sign-in → home).
 */

/** An answer is taken only this soon after it was asked for: later, the client asks afresh. */
export const WARM_FOR_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

/** Asks for each GET of `urls` now, with the headers the HTTP client sends. */
export function warmStart(urls: readonly string[], idToken: string, now = Date.now()) {
  started.clear();
  for (const url of urls) {
    const response = fetch(url, {
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${idToken}`,
      },
    });
    response.catch(() => undefined); // a failure is the client's to see, if it takes this answer
    started.set(url, { at: now, response });
  }
}

/** The answer warmStart asked for to a GET of `url`, once, while it is fresh; else undefined. */
export function takeWarm(url: string, now = Date.now()): Promise<Response> | undefined {
  const entry = started.get(url);
  started.delete(url);
  return entry && now - entry.at < WARM_FOR_MS ? entry.response : undefined;
}

/** Forgets every answer not taken (on sign-out: the next user of this browser must not get them). */
export function clearWarm() {
  started.clear();
}
