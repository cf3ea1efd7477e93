import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Topic } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { lazy, Suspense } from 'react';

// The editor (Tiptap) and the uploaders load with the form, not with the list.
const TopicForm = lazy(() => import('./TopicForm').then((module) => ({ default: module.TopicForm })));

interface TopicFormModalProps {
  opened: boolean;
  onClose: () => void;
  chapterId: string;
  /** Editing this topic; adding one when null. */
  topic: Topic | null;
  /** A faculty member authors as themself: no author picker (see TopicForm). */
  fixedAuthorId?: string;
}

/** The Create/Edit Topic popup; both require an author (management §5). */
export function TopicFormModal({ opened, onClose, chapterId, topic, fixedAuthorId }: TopicFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={topic ? LABELS.editTopicTitle : LABELS.addTopicTitle}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label={LABELS.loading} />
            </Center>
          }
        >
          <TopicForm
            key={topic?._id ?? 'new'}
            chapterId={chapterId}
            topic={topic ?? undefined}
            authorRequired
            fixedAuthorId={fixedAuthorId}
            onSaved={onClose}
            onCancel={onClose}
          />
        </Suspense>
      )}
    </Modal>
  );
}
