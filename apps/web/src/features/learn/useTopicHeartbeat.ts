import type { TimeSpentBody } from '@portal/shared';
import { HEARTBEAT_INTERVAL_MS, MAX_HEARTBEAT_MINUTES } from '@portal/shared/schemas/learning';
import { useEffect } from 'react';
import { sendTimeSpent, sendTimeSpentOnExit } from './api';
import { startHeartbeat } from './heartbeat';

/**
 * While a student has a topic open and the page is visible, reports the time spent on it (decision
 * 14): every HEARTBEAT_INTERVAL_MS, when the page is hidden or closed, and when they leave the topic.
 */
export function useTopicHeartbeat(topicId: string | null, batchSubjectId: string | null) {
  useEffect(() => {
    if (!topicId || !batchSubjectId) return;
    const body = (minutes: number): TimeSpentBody => ({
      content_id: topicId,
      content_type: 'topics',
      time_spent: minutes,
      batch_subject_id: batchSubjectId,
    });
    const beat = startHeartbeat({
      intervalMs: HEARTBEAT_INTERVAL_MS,
      maxMinutes: MAX_HEARTBEAT_MINUTES,
      doc: document,
      win: window,
      send: (minutes, leaving) => {
        if (leaving) sendTimeSpentOnExit(body(minutes));
        // A lost beat only under-counts reading time; it is not worth bothering the reader.
        else sendTimeSpent(body(minutes)).catch(() => {});
      },
    });
    return () => beat.stop();
  }, [topicId, batchSubjectId]);
}
