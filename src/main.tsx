import { startDeploymentCheck } from './deployment';
import { reloadOnce } from './lazyWithReload';
import { startLoading } from './startLoading';

// The entry holds no React: the first screen's configuration and chunks are asked for before React (a
// chunk of its own, shared with them) has loaded and run, not after (issue 20, item 8).
const started = startLoading();
import('./render')
  .then(({ render }) => render(started))
  .catch((error: unknown) => {
    if (!reloadOnce()) throw error; // a deployment removed the chunk: the new index.html names the new one
  });
startDeploymentCheck();
