import { startDeploymentCheck } from './deployment';
import { reloadOnce } from './reloadOnce';
import { startLoading } from './startLoading';

// The entry holds no React: the first screen's configuration and chunks are asked for before React (a
// chunk of its own, preloaded by index.html) has loaded and run, not after (issue 20, item 8). React's
// mount first: the browser sends six requests at a time, and this small one is what the screen waits for.
const rendering = import('./render');
const started = startLoading();
rendering
  .then(({ render }) => render(started))
  .catch((error: unknown) => {
    if (!reloadOnce()) throw error; // a deployment removed the chunk: the new index.html names the new one
  });
startDeploymentCheck();
