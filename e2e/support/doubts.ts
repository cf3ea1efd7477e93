import type { Locator, Page } from 'playwright-core';

/** The doubt thread (on a topic's Q&A, a doubts page or the faculty home) whose text is exactly `text`. */
export const doubt = (scope: Page | Locator, text: string) => {
  const page = 'keyboard' in scope ? scope : scope.page();
  return scope
    .getByTestId('doubt')
    .filter({ has: page.getByTestId('doubt-text').getByText(text, { exact: true }) });
};

/**
 * Whether the doubt `text` is in the list on screen, once the list (or its empty text) has loaded:
 * a doubt that moved elsewhere is absent only once there is something to look at.
 */
export async function isListed(page: Page, emptyText: string, text: string): Promise<boolean> {
  await page
    .getByTestId('doubt')
    .or(page.getByText(emptyText, { exact: true }))
    .first()
    .waitFor();
  return (await doubt(page, text).count()) > 0;
}
