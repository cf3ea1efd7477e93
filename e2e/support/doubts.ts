import type { Locator, Page } from 'playwright-core';

/** The doubt thread (on a topic's Q&A, a doubts page or the faculty home) whose text is exactly `text`. */
export const doubt = (scope: Page | Locator, text: string) => {
  const page = 'keyboard' in scope ? scope : scope.page();
  return scope
    .getByTestId('doubt')
    .filter({ has: page.getByTestId('doubt-text').getByText(text, { exact: true }) });
};
