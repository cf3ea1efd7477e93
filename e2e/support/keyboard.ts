import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

// Keyboard-only browsing (decision 41): the flows are driven with key presses alone, so these
// helpers find their way with Tab and check what a sighted keyboard user relies on: where the
// focus is, and that it shows.

/** Whether `target` (one element) holds the focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** A short description of the focused element, for failure messages. */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page';
    const name = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.slice(0, 60);
    return `<${element.tagName.toLowerCase()}> ${name ?? ''}`.trim();
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times: the
 * target can be reached from the keyboard, in the page's order.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  await target.waitFor();
  for (let press = 0; press < max; press++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.ok(
    await isFocused(target),
    `Tab never reached ${target}; the focus is on ${await focusedElement(page)}`,
  );
}

/**
 * The focused element shows that it has the focus (WCAG 2.4.7): an outline of at least 2 px (on it,
 * or on the field around it), a focus ring (box shadow), or, for a text field, its border in the
 * primary colour.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  // A field's border takes its colour through a short transition: its end is what people see.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const shown = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing has the focus';
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) return null;
    // A field of pills (a MultiSelect) is outlined around its pills, where its text input sits.
    const field = element.closest('.mantine-Input-input');
    const fieldStyle = field && field !== element ? getComputedStyle(field) : null;
    if (fieldStyle && fieldStyle.outlineStyle !== 'none' && Number.parseFloat(fieldStyle.outlineWidth) >= 2) {
      return null;
    }
    if (style.boxShadow !== 'none') return null;
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    if (style.borderTopColor === primary) return null;
    return `<${element.tagName.toLowerCase()}> ${element.getAttribute('aria-label') ?? element.innerText?.slice(0, 40)} shows no focus (outline ${style.outlineStyle} ${style.outlineWidth})`;
  });
  assert.equal(shown, null);
}

/** Presses Tab, then Shift+Tab, `presses` times each: the focus never leaves `popup` (a trap). */
export async function expectFocusTrapped(page: Page, popup: Locator, presses = 10): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      const inside = await popup.evaluate((element) => element.contains(document.activeElement));
      assert.ok(inside, `${key} took the focus out of the popup, to ${await focusedElement(page)}`);
    }
  }
}

/**
 * Opens a popup with Enter on `opener` and checks the popup's manners: it takes the focus, keeps it
 * inside, closes on Escape, and gives the focus back to `opener`.
 */
export async function checkPopup(page: Page, opener: Locator, popup: Locator): Promise<void> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await popup.waitFor();
  await focusMovesInto(page, popup, 'the popup takes the focus');
  await expectFocusVisible(page);
  await expectFocusTrapped(page, popup);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });
  await focusMovesTo(page, opener, 'Escape gives the focus back to what opened the popup');
}

/** Waits (up to 5 s) until `check` holds, else fails saying where the focus is. */
async function waitForFocus(page: Page, check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > until) assert.fail(`${what}; the focus is on ${await focusedElement(page)}`);
    await page.waitForTimeout(50);
  }
}

/** Waits until `target` has the focus (a popup moves it as it opens or closes). */
export const focusMovesTo = (page: Page, target: Locator, what = `the focus comes to ${target}`) =>
  waitForFocus(page, () => isFocused(target), what);

/** Waits until the focus is inside `popup`. */
export const focusMovesInto = (page: Page, popup: Locator, what = `the focus comes into ${popup}`) =>
  waitForFocus(page, () => popup.evaluate((element) => element.contains(document.activeElement)), what);
