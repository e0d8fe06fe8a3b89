import { API_PATHS } from '../contract/paths';
import { preloadable } from './preloadable';

/**
 * The chunks of the pages most often opened first, each loaded by one function that the page's lazy
 * component and the start-up share: a signed-in start fetches the page's chunk beside the app's instead of
 * after the app has rendered, and the sign-in form fetches home's while the user types.
 */
export const PAGE_CHUNKS = {
  myWork: preloadable(() => import('./dashboard/MyWork')),
  billingWork: preloadable(() => import('./dashboard/BillingWork')),
  operationsBoard: preloadable(() => import('./dashboard/OperationsBoard')),
  clientList: preloadable(() => import('./resources/clients/ClientList')),
  caseList: preloadable(() => import('./resources/cases/list/CaseList')),
};

type PageChunk = keyof typeof PAGE_CHUNKS;

/** Home's widgets: which of them show depends on the roles, not known before the session is read. */
const HOME: PageChunk[] = ['myWork', 'billingWork', 'operationsBoard'];

/** The chunks the page at `path` (the address after `#`) shows first; none for pages not listed. */
export function pageChunksFor(path: string): PageChunk[] {
  const page = path.split('?')[0].replace(/\/+$/, '') || '/';
  if (page === '/') return HOME;
  // The front end's list pages are at the API's list paths.
  if (page === API_PATHS.clients) return ['clientList'];
  if (page === API_PATHS.caseAssignments) return [];
  if (page.startsWith(`${API_PATHS.cases}/`) && /^[a-z]+$/.test(page.slice(API_PATHS.cases.length + 1)))
    return ['caseList'];
  return [];
}

/** Starts loading the chunks of the page at `path`; a failure is left to the page's own lazy load. */
export function preloadPage(path: string): void {
  for (const chunk of pageChunksFor(path)) PAGE_CHUNKS[chunk]().catch(() => undefined);
}
