import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './Bootstrap';
import { startDeploymentCheck } from './deployment';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Bootstrap />
  </StrictMode>,
);
startDeploymentCheck();
