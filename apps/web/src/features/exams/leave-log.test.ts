import { describe, expect, it } from 'vitest';
import { followLeaves, type LeaveEvent } from './leave-log';

/** A window whose visibility and focus the test sets. */
function fakeWindow() {
  const target = new EventTarget() as EventTarget & { document: EventTarget & Partial<Document> };
  const doc = new EventTarget() as EventTarget & {
    visibilityState: DocumentVisibilityState;
    hasFocus: () => boolean;
  };
  let focused = true;
  doc.visibilityState = 'visible';
  doc.hasFocus = () => focused;
  target.document = doc as never;
  return {
    window: target as unknown as Window,
    hide: () => {
      doc.visibilityState = 'hidden';
      focused = false;
      target.dispatchEvent(new Event('blur'));
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
      focused = true;
      target.dispatchEvent(new Event('focus'));
    },
    blur: () => {
      focused = false;
      target.dispatchEvent(new Event('blur'));
    },
    focus: () => {
      focused = true;
      target.dispatchEvent(new Event('focus'));
    },
  };
}

describe('following the exam page’s visibility and focus', () => {
  it('sends one left and one back per absence, however many events the browser fires', () => {
    const page = fakeWindow();
    const sent: LeaveEvent[] = [];
    const stop = followLeaves(page.window, (event) => sent.push(event));
    page.hide();
    page.show();
    page.blur();
    page.focus();
    expect(sent).toEqual(['left', 'back', 'left', 'back']);
    stop();
    page.hide();
    expect(sent).toHaveLength(4);
  });

  it('sends nothing for the state the page opened in', () => {
    const page = fakeWindow();
    page.blur();
    const sent: LeaveEvent[] = [];
    followLeaves(page.window, (event) => sent.push(event));
    page.blur();
    expect(sent).toEqual([]);
    page.focus();
    expect(sent).toEqual(['back']);
  });
});
