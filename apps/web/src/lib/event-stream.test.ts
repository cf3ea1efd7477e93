import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, type EventStreamOptions, openEventStream, type StreamStatus } from './event-stream';

/** A stream answer whose body is `text`, ended after it (as the server ends a stream). */
const streamAnswer = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

const READY = 'retry: 2000\nevent: ready\ndata: {}\n\n';

function harness(
  answers: Array<() => Response | Promise<Response>>,
  extra: Partial<EventStreamOptions> = {},
) {
  const calls: Array<Record<string, string>> = [];
  const statuses: StreamStatus[] = [];
  const events: Array<[string, unknown]> = [];
  const resyncs = { count: 0 };
  const unauthorized = { count: 0 };
  let index = 0;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ ...(init?.headers as Record<string, string>) });
    const next = answers[Math.min(index, answers.length - 1)];
    index += 1;
    return next();
  });
  const stream = openEventStream({
    url: '/api/events',
    token: () => 'jwt-1',
    onEvent: (kind, data) => events.push([kind, data]),
    onResync: () => {
      resyncs.count += 1;
    },
    onStatus: (status) => statuses.push(status),
    onUnauthorized: () => {
      unauthorized.count += 1;
    },
    fetch: fetchMock as unknown as typeof fetch,
    random: () => 1,
    ...extra,
  });
  return { calls, statuses, events, resyncs, unauthorized, stream, fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('openEventStream', () => {
  it('sends the bearer header, opens on ready, delivers events and resumes from the last id', async () => {
    vi.useFakeTimers();
    const run = harness([
      () =>
        streamAnswer(
          `${READY}: ping\n\nid: 7\nevent: announcement.created\ndata: {"kind":"announcement.created","at":"x"}\n\n`,
        ),
      () => new Promise<Response>(() => undefined),
    ]);
    await vi.waitFor(() => expect(run.fetchMock).toHaveBeenCalledTimes(2));
    expect(run.calls[0]).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer jwt-1' });
    expect(run.events).toEqual([['announcement.created', { kind: 'announcement.created', at: 'x' }]]);
    expect(run.statuses.slice(0, 2)).toEqual(['connecting', 'open']);
    // The server ended the stream: reopened at once with Last-Event-ID.
    expect(run.calls[1]?.['Last-Event-ID']).toBe('7');
    expect(run.resyncs.count).toBe(0);
    run.stream.close();
  });

  it('stops on 401 and tells the session', async () => {
    const run = harness([() => new Response('{}', { status: 401 })]);
    await vi.waitFor(() => expect(run.unauthorized.count).toBe(1));
    expect(run.fetchMock).toHaveBeenCalledTimes(1);
    expect(run.statuses.at(-1)).toBe('down');
  });

  it('is down after a failure and retries with a growing wait', async () => {
    vi.useFakeTimers();
    const run = harness([
      () => Promise.reject(new TypeError('network')),
      () => new Response('no', { status: 502 }),
      () => new Promise<Response>(() => undefined),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.statuses).toContain('down');
    expect(run.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.fetchMock).toHaveBeenCalledTimes(2);
    // Second failure: twice the wait.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run.fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.fetchMock).toHaveBeenCalledTimes(3);
    run.stream.close();
  });

  it('asks for everything again on resync, and on a reopening with nothing to resume from', async () => {
    vi.useFakeTimers();
    const run = harness([
      () => streamAnswer(`${READY}event: resync\ndata: {}\n\n`),
      () => streamAnswer(READY),
      () => new Promise<Response>(() => undefined),
    ]);
    await vi.waitFor(() => expect(run.fetchMock).toHaveBeenCalledTimes(3));
    expect(run.resyncs.count).toBe(2);
    expect(run.events).toEqual([]);
    run.stream.close();
  });

  it('opens nothing more once closed', async () => {
    vi.useFakeTimers();
    const run = harness([() => Promise.reject(new TypeError('network'))]);
    await vi.waitFor(() => expect(run.statuses).toContain('down'));
    run.stream.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('backoffDelay', () => {
  it('doubles up to the cap, with jitter between half and all of it', () => {
    expect(backoffDelay(1, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(10, 1000, 30_000, () => 0)).toBe(15_000);
  });
});
