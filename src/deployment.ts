/** Module scripts of a page; Vite names them by content hash, so they change with every deployment. */
export function entryScripts(doc: Document): string {
  return [...doc.querySelectorAll('script[type="module"][src]')]
    .map((script) => script.getAttribute('src'))
    .join(' ');
}

let newDeployment = false;
export const isNewDeploymentAvailable = () => newDeployment;

/** Compares the deployed index.html with the running page's. */
export async function checkForNewDeployment(url = window.location.pathname): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (response.ok) {
      const deployed = entryScripts(new DOMParser().parseFromString(await response.text(), 'text/html'));
      newDeployment ||= deployed !== '' && deployed !== entryScripts(document);
    }
  } catch {
    // offline: the next check will tell
  }
  return newDeployment;
}

const DEPLOYMENT_CHECK_DELAY_MS = 1_000;
const DEPLOYMENT_CHECK_INTERVAL_MS = 30 * 60_000;

/** spec §9: the first check about 1 s after load, then every 30 minutes. */
export function startDeploymentCheck() {
  window.setTimeout(() => void checkForNewDeployment(), DEPLOYMENT_CHECK_DELAY_MS);
  window.setInterval(() => void checkForNewDeployment(), DEPLOYMENT_CHECK_INTERVAL_MS);
}
