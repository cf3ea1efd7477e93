import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const topicsRoutes: RouteObject[] = [
  {
    path: 'batch/subjects/chapters/topics',
    lazy: async () => ({ Component: (await import('./pages/TopicsPage')).TopicsPage }),
  },
  {
    path: 'batch/subjects/chapters/topics/topicDetail',
    lazy: async () => ({ Component: (await import('./pages/TopicDetailPage')).TopicDetailPage }),
  },
  {
    path: 'batch/:batchId/subjects/:subjectId/chapters/:chapterId/create-topic',
    lazy: async () => ({ Component: (await import('./pages/CreateTopicPage')).CreateTopicPage }),
  },
  {
    path: 'batch/:batchId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/edit-topic',
    lazy: async () => ({ Component: (await import('./pages/EditTopicPage')).EditTopicPage }),
  },
];
