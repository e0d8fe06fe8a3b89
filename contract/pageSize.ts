/** Page sizes of every list (DESIGN §5), without zod, for the front end's initial bundle. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Deeper pages than this are refused (their OFFSET would be pointless and slow). */
export const MAX_PAGE = 100_000;
