import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActor } from './app/app-actor';

const actor = createAppActor({
  onInitError: (error) => console.error('Care Portal could not start:', error),
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <App actor={actor} />
  </StrictMode>,
);
