import { busOf, JOINING_MS } from '../lib/instance-bus.js';
import type { TestApp } from './harness.js';

/**
 * Waits until the test app's instance knows it runs alone (its joining over, no other instance
 * heard), as a school's one portal does a few seconds after starting: its writes send no change
 * to other instances, so statement counts are those of a single instance.
 */
export async function untilAlone(t: TestApp): Promise<void> {
  const bus = busOf(t.db)!;
  await bus.listening();
  const started = Date.now();
  while (!bus.alone) {
    if (Date.now() - started > JOINING_MS + 3000) throw new Error('the instance never found itself alone');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
