import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Assessment } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { notify } from '../../../lib/notify';
import { previewQuestionFile, useImportAssessmentQuestions } from '../api';
import { QuestionImport } from './QuestionImport';

/** The Add Question popup of an assessment: a question file, its preview, then Import. */
export function AddQuestionsModal({
  assessment,
  onClose,
}: {
  assessment: Assessment | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const importQuestions = useImportAssessmentQuestions();
  return (
    <Modal
      opened={assessment !== null}
      onClose={importQuestions.isPending ? () => {} : onClose}
      title={LABELS.assessAddQuestion}
      size="xl"
      fullScreen={phone}
    >
      {assessment && (
        <>
          <Text fw={600} mb="md" style={{ overflowWrap: 'anywhere' }}>
            {assessment.title} · {assessment.batch_title} · {assessment.subject_title}
          </Text>
          <QuestionImport
            preview={(csvUrl) => previewQuestionFile(csvUrl, assessment._id)}
            importFile={(file) => importQuestions.mutateAsync({ assessmentId: assessment._id, file })}
            importing={importQuestions.isPending}
            onImported={() => {
              notify.success(MESSAGES.assessmentQuestionsAdded);
              onClose();
            }}
            onCancel={onClose}
          />
        </>
      )}
    </Modal>
  );
}
