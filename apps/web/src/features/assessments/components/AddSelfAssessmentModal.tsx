import { Badge, Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Topic } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { previewTopicQuestionFile, useImportTopicSelfAssessment, useTopicSelfAssessment } from '../api';
import { counted } from '../counts';
import { QuestionImport } from './QuestionImport';

/**
 * 'Add Self Assessment' on a topic its author (a moderator, or a faculty member who teaches it)
 * is looking at: the same file, preview and import as an assessment's questions, choice and
 * True / False questions only; the topic then shows TAKE SELF ASSESSMENT to its students.
 */
export function AddSelfAssessmentButton({
  topic,
}: {
  topic: Pick<Topic, '_id' | 'title' | 'self_assessment'>;
}) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const attach = useImportTopicSelfAssessment();
  // Its authors see how many questions the topic's self assessment has (attaching again replaces them).
  const attached = useTopicSelfAssessment(topic._id, topic.self_assessment);
  const count = topic.self_assessment ? attached.data?.questions.length : undefined;
  const close = () => setOpened(false);
  return (
    <>
      {count !== undefined && (
        <Badge color="teal" variant="light" size="lg" radius="sm" tt="none">
          {counted(count, LABELS.selfAttachedOne, LABELS.selfAttached)}
        </Badge>
      )}
      <Button variant="light" leftSection={<IconChecklist size={16} />} onClick={() => setOpened(true)}>
        {LABELS.selfAddButton}
      </Button>
      <Modal
        opened={opened}
        onClose={attach.isPending ? () => {} : close}
        title={formatMessage(LABELS.selfAddTitle, { topic: topic.title })}
        size="xl"
        fullScreen={phone}
      >
        {opened && (
          <QuestionImport
            note={LABELS.selfChoiceOnly}
            preview={(csvUrl) => previewTopicQuestionFile(topic._id, csvUrl)}
            importFile={(file) => attach.mutateAsync({ topicId: topic._id, file })}
            importing={attach.isPending}
            onImported={() => {
              notify.success(MESSAGES.assessmentQuestionsAdded);
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
