import './app/styles';
import { activeLanguage } from '@portal/shared/i18n/active';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { onLanguageChange, showStartLanguage } from './app/language';
import { Providers } from './app/providers';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const reactRoot = createRoot(root);

/** The app, remounted in a new language so every text is read again (app/language.ts). */
function renderApp() {
  reactRoot.render(
    <StrictMode key={activeLanguage()}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

showStartLanguage().finally(() => {
  renderApp();
  onLanguageChange(renderApp);
});
