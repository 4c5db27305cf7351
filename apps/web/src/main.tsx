import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, rewriteLegacyHash } from './app/app';
import { loadLanguage } from './app/i18n';
import './app/styles.css';

// Old Torna hash links become their clean paths before anything reads the URL (the language asked for too).
rewriteLegacyHash();
// The UI texts and antd locale gate the first render: ask for them now, alongside the deep link's code and data
// (features/view/routes.tsx), rather than from an effect after React's first render.
const language = loadLanguage();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App language={language} />
  </StrictMode>,
);
