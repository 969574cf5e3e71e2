import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Bootstrap placeholder until the engine's shell lands: shows the tenant's title from /config.
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const response = await fetch('/config', { headers: { accept: 'application/vnd.api+json' } });
  const config = (await response.json()) as { data: { attributes: { title: string } } };
  document.title = config.data.attributes.title;
  root.render(<StrictMode><main><h1>{config.data.attributes.title}</h1></main></StrictMode>);
}

void start();
