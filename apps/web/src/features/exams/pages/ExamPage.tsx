import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { ExamQuestion, ExamSheet, SavedAnswer } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { NO_FILES } from '@portal/shared/schemas/assessments';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconCloudCheck,
  IconFileText,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { isExamConflict, saveExamAnswer, submitExam, useExamAttempt, useRefreshMyExams } from '../api';
import { laterSave, openAttemptChannel } from '../attempt-channel';
import { Autosaver, type SaveState } from '../autosave';
import { ExamQuestionCard } from '../components/ExamQuestionCard';
import { QuestionPalette } from '../components/QuestionPalette';
import { SubmitConfirmModal } from '../components/SubmitConfirmModal';
import { TimeLeftAnnouncer } from '../components/TimeLeftAnnouncer';
import { formatTimeLeft, showsUploadWarning } from '../countdown';
import {
  answeredCount,
  type Draft,
  type Drafts,
  draftFromSaved,
  draftsFromSaved,
  EMPTY_DRAFT,
  type SavedTimes,
  saveBody,
  savedTimesOf,
  submissionPayload,
} from '../exam-answers';
import { useLeaveLog } from '../leave-log';
import { MY_ASSESSMENTS_PATH } from '../links';
import { markedCount, paletteCounts, paletteState, visitedFrom } from '../palette';
import { useCountdown } from '../use-countdown';
import classes from './ExamPage.module.css';

/** The submit at zero is retried this often while the server's grace lasts (decision 21). */
const AUTO_SUBMIT_RETRY_MS = 3000;
const AUTO_SUBMIT_TRIES = 15;
/** A submit waits this long at most for the saves on their way. */
const FLUSH_WAIT_MS = 5000;

type Phase = 'sitting' | 'submitting' | 'thanks' | 'already';

const SAVE_TEXT: Record<SaveState, string | null> = {
  idle: null,
  saving: LABELS.examSaving,
  saved: LABELS.examSaved,
  retrying: LABELS.examSaveRetrying,
  closed: null,
};

/** The save state, a live region that is always there, so each change of it is read out. */
function SaveStatus({ state }: { state: SaveState }) {
  const text = SAVE_TEXT[state];
  const failing = state === 'retrying';
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="exam-save-state">
      {text && (
        <Group gap={4} wrap="nowrap" data-save-state={state}>
          {failing ? (
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          ) : (
            <IconCloudCheck size={16} aria-hidden />
          )}
          <Text size="sm" c={failing ? 'orange.8' : 'dimmed'}>
            {text}
          </Text>
        </Group>
      )}
    </div>
  );
}

/** The Thanks popup after a submit; it leads to /dashboard (learning §4). */
function ThanksModal({ opened, onDone }: { opened: boolean; onDone: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onDone}
      title={LABELS.examThanksTitle}
      centered
      closeOnClickOutside={false}
      size="sm"
    >
      <Stack gap="md">
        <Text>{LABELS.examThanksText}</Text>
        <Group justify="flex-end">
          <Button onClick={onDone}>{LABELS.examGoHome}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AlreadySubmitted() {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="teal" variant="light" role="alert" title={MESSAGES.alreadySubmitted} />
      <Button
        component={Link}
        to={MY_ASSESSMENTS_PATH}
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {LABELS.examBackToAssessments}
      </Button>
    </Stack>
  );
}

/** Sends the student back to their assessments when the time is over (learning §4). */
function useTimeOver() {
  const navigate = useNavigate();
  return (message: string = MESSAGES.examTimeOver) => {
    notify.error(message);
    navigate(MY_ASSESSMENTS_PATH, { replace: true });
  };
}

/**
 * Which questions the student has seen: those brought into view (a list) or shown (one at a
 * time), and those a reloaded page finds saved.
 */
function useVisited(initial: () => Set<string>) {
  const [visited, setVisited] = useState(initial);
  const see = (questionId: string) =>
    setVisited((current) => (current.has(questionId) ? current : new Set(current).add(questionId)));
  const [observer] = useState(() =>
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const id = (entry.target as HTMLElement).dataset.questionId;
              if (entry.isIntersecting && id) see(id);
            }
          },
          { threshold: 0.5 },
        ),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  return { visited, see, observer };
}

/** The examination being sat: clock, questions, palette, autosave and submit. */
function ExamSitting({ sheet }: { sheet: ExamSheet }) {
  const { assessment, attempt, questions } = sheet;
  const oneAtATime = assessment.one_at_a_time;
  const navigate = useNavigate();
  const timeOver = useTimeOver();
  const refreshMyExams = useRefreshMyExams();
  const { timeLeft, sync } = useCountdown(attempt.time_left_ms);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFromSaved(sheet.answers));
  const [current, setCurrent] = useState(0);
  const { visited, see, observer } = useVisited(() => visitedFrom(draftsFromSaved(sheet.answers)));
  const sections = useRef(new Map<string, HTMLElement>());
  // A list's questions count as seen once half in view; one at a time, the one shown. One ref
  // callback per question, made once, so a render does not detach and attach them again.
  const refCallbacks = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const sectionRef = (questionId: string) => {
    let callback = refCallbacks.current.get(questionId);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        const known = sections.current.get(questionId);
        if (known) observer?.unobserve(known);
        if (!element) return void sections.current.delete(questionId);
        sections.current.set(questionId, element);
        if (!oneAtATime) observer?.observe(element);
      };
      refCallbacks.current.set(questionId, callback);
    }
    return callback;
  };
  const shownId = questions[current]?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the question shown changes
  useEffect(() => {
    if (oneAtATime && shownId) see(shownId);
  }, [oneAtATime, shownId]);
  // The palette glides to a question, or jumps there for people who asked for less motion.
  const reduceMotion = useReducedMotion();
  const goTo = (index: number) => {
    const question = questions[index];
    if (!question) return;
    if (oneAtATime) {
      setCurrent(index);
      // The new question's section is there after the render.
      requestAnimationFrame(() => sections.current.get(question._id)?.focus());
      return;
    }
    const element = sections.current.get(question._id);
    element?.scrollIntoView({ behavior: reduceMotion ? 'instant' : 'smooth', block: 'start' });
    element?.focus({ preventScroll: true });
    see(question._id);
  };
  const draftsRef = useRef(drafts);
  // The save each answer was last stored by, here or in another tab of the attempt.
  const savedTimes = useRef<Record<string, string | null>>(savedTimesOf(sheet.answers));
  const [confirming, setConfirming] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [phase, setPhase] = useState<Phase>('sitting');
  const phaseRef = useRef<Phase>('sitting');
  const [error, setError] = useFormError();
  const moveTo = (next: Phase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  // The saver lives as long as the page; what it calls back reads the latest render's functions.
  const onClosed = (refusal: unknown) => {
    // A submit of this page also ends saving; only another tab's or the deadline's is news.
    if (phaseRef.current !== 'sitting') return;
    if (errorMessage(refusal) === MESSAGES.alreadySubmitted) moveTo('already');
    else timeOver(errorMessage(refusal));
  };
  // Another tab stored an answer: show it, unless this tab has a newer one of its own on its way.
  const onOtherTabSave = (answer: SavedAnswer) => {
    if (phaseRef.current !== 'sitting') return;
    noteSaved(answer);
    if (saver.isWaiting(answer.question_id)) return;
    draftsRef.current = { ...draftsRef.current, [answer.question_id]: draftFromSaved(answer) };
    setDrafts(draftsRef.current);
  };
  const callbacks = useRef({ sync, onClosed, onOtherTabSave });
  callbacks.current = { sync, onClosed, onOtherTabSave };
  const [channel] = useState(() =>
    openAttemptChannel(attempt._id, (answer) => callbacks.current.onOtherTabSave(answer)),
  );
  useEffect(() => () => channel.close(), [channel]);
  const noteSaved = (answer: SavedAnswer) => {
    const times: SavedTimes = savedTimes.current;
    savedTimes.current = {
      ...times,
      [answer.question_id]: laterSave(times[answer.question_id], answer.updated_at),
    };
  };
  const [saver] = useState(
    () =>
      new Autosaver({
        send: async (questionId, body) => {
          const result = await saveExamAnswer(attempt._id, questionId, body);
          noteSaved(result.answer);
          channel.announce(result.answer);
          return result;
        },
        onTimeLeft: (ms) => callbacks.current.sync(ms),
        onState: setSaveState,
        isFinal: isExamConflict,
        onClosed: (refusal) => callbacks.current.onClosed(refusal),
      }),
  );
  useEffect(() => {
    saver.resume();
    return () => saver.stop();
  }, [saver]);

  // Leaving the page (another tab, window or app) is recorded for the teacher (issue 25).
  useLeaveLog(attempt._id, phase === 'sitting');

  // Leaving with an answer still unsaved asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.pending && phaseRef.current === 'sitting') event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  const update = (question: ExamQuestion, change: (draft: Draft) => Draft, debounce = false) => {
    if (phaseRef.current !== 'sitting') return;
    const next = change(draftsRef.current[question._id] ?? EMPTY_DRAFT);
    draftsRef.current = { ...draftsRef.current, [question._id]: next };
    setDrafts(draftsRef.current);
    setError(null);
    saver.change(question._id, saveBody(question, next), { debounce });
  };

  const submit = async (auto: boolean, tries = 0) => {
    if (!auto && phaseRef.current !== 'sitting') return;
    const options = { complete: !auto, uploadAllowed: sheet.upload_allowed, savedTimes: savedTimes.current };
    const exam = { assessment_id: assessment._id, batch_subject_id: assessment.batch_subject_id };
    const check = submissionPayload(exam, questions, draftsRef.current, options);
    if ('error' in check) return setError(check.error);
    setError(null);
    moveTo('submitting');
    // The answers on their way land first, so the submit names the saves they made.
    await Promise.race([saver.flush(), new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS))]);
    const body = submissionPayload(exam, questions, draftsRef.current, {
      ...options,
      savedTimes: savedTimes.current,
    });
    if ('error' in body) {
      moveTo('sitting');
      return setError(body.error);
    }
    try {
      await submitExam(body);
      saver.stop();
      setConfirming(false);
      moveTo('thanks');
      void refreshMyExams();
    } catch (failure) {
      if (isExamConflict(failure)) {
        saver.stop();
        if (errorMessage(failure) === MESSAGES.alreadySubmitted) moveTo('already');
        else timeOver(errorMessage(failure));
        return;
      }
      if (auto && tries < AUTO_SUBMIT_TRIES) {
        setTimeout(() => void submit(true, tries + 1), AUTO_SUBMIT_RETRY_MS);
        return;
      }
      moveTo('sitting');
      setConfirming(false);
      setError(errorMessage(failure));
    }
  };
  const askToSubmit = () => {
    if (phaseRef.current === 'sitting') setConfirming(true);
  };

  // At zero the exam submits itself with whatever is answered (learning §4).
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (timeLeft > 0 || autoSubmitted.current || phaseRef.current !== 'sitting') return;
    autoSubmitted.current = true;
    void submit(true);
  });

  // "Time to upload the sheets" with 10 minutes left (learning §4), in the bar that stays in sight
  // (a notice would cover its Submit button).
  const uploadWarning = phase === 'sitting' && showsUploadWarning(timeLeft, assessment.has_upload_questions);

  if (phase === 'already') return <AlreadySubmitted />;

  const locked = phase !== 'sitting';
  const answered = answeredCount(questions, drafts, sheet.upload_allowed);
  const lowTime = timeLeft <= 5 * 60_000;
  const states = questions.map((question) => paletteState(question, drafts, visited, sheet.upload_allowed));
  const counts = paletteCounts(questions, drafts, visited, sheet.upload_allowed);
  const shown = oneAtATime ? questions.slice(current, current + 1) : questions;
  const numberOf = (index: number) => (oneAtATime ? current + 1 : index + 1);

  return (
    <>
      <Paper withBorder radius="md" p="sm" className={classes.bar} shadow="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="md" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                {LABELS.examTimeLeft}
              </Text>
              <Text
                className={classes.clock}
                role="timer"
                aria-label={LABELS.examTimeLeft}
                data-low={lowTime || undefined}
                data-testid="exam-clock"
              >
                {formatTimeLeft(timeLeft)}
              </Text>
              <TimeLeftAnnouncer timeLeft={timeLeft} />
            </div>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {formatMessage(LABELS.examAnsweredCount, {
                  answered: String(answered),
                  total: String(questions.length),
                })}
              </Text>
              <SaveStatus state={saveState} />
            </Stack>
          </Group>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={askToSubmit}
            loading={phase === 'submitting'}
            disabled={phase === 'thanks'}
          >
            {LABELS.examSubmit}
          </Button>
        </Group>
        {uploadWarning && (
          <Alert
            color="orange"
            variant="light"
            mt="xs"
            py={6}
            role="alert"
            icon={<IconAlertTriangle size={16} />}
          >
            {MESSAGES.timeToUploadSheets}
          </Alert>
        )}
      </Paper>
      <Stack gap="md">
        {assessment.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {assessment.description}
          </Text>
        )}
        {assessment.url !== NO_FILES && (
          <Anchor href={assessment.url} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span">
              <IconFileText size={16} />
              {LABELS.examQuestionPaper}
            </Group>
          </Anchor>
        )}
        <div className={classes.layout}>
          <Stack gap="md" className={classes.questions}>
            {shown.map((question, index) => (
              <ExamQuestionCard
                key={question._id}
                number={numberOf(index)}
                question={question}
                draft={drafts[question._id] ?? EMPTY_DRAFT}
                uploadAllowed={sheet.upload_allowed}
                locked={locked}
                sectionRef={sectionRef(question._id)}
                onChoose={(optionIds) => update(question, (draft) => ({ ...draft, optionIds }))}
                onType={(text) => update(question, (draft) => ({ ...draft, text }), true)}
                onAddSheet={(url) =>
                  update(question, (draft) => ({ ...draft, files: [...draft.files, url] }))
                }
                onRemoveSheet={(url) =>
                  update(question, (draft) => ({
                    ...draft,
                    files: draft.files.filter((file) => file !== url),
                  }))
                }
                onToggleMark={() => update(question, (draft) => ({ ...draft, marked: !draft.marked }))}
              />
            ))}
            {oneAtATime && (
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={16} />}
                  disabled={current === 0}
                  onClick={() => goTo(current - 1)}
                >
                  {LABELS.examPreviousQuestion}
                </Button>
                <Text size="sm" c="dimmed">
                  {formatMessage(LABELS.examQuestionOf, {
                    n: String(current + 1),
                    total: String(questions.length),
                  })}
                </Text>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={16} />}
                  disabled={current === questions.length - 1}
                  onClick={() => goTo(current + 1)}
                >
                  {LABELS.examNextQuestion}
                </Button>
              </Group>
            )}
          </Stack>
          <aside className={classes.palette}>
            <QuestionPalette
              states={states}
              counts={counts}
              current={oneAtATime ? current : null}
              onGo={goTo}
            />
          </aside>
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} />}
            onClick={askToSubmit}
            loading={phase === 'submitting'}
            disabled={phase === 'thanks'}
          >
            {LABELS.examSubmit}
          </Button>
        </Group>
      </Stack>
      <SubmitConfirmModal
        opened={confirming && phase !== 'thanks'}
        answered={answered}
        marked={markedCount(counts)}
        total={questions.length}
        timeLeft={timeLeft}
        busy={phase === 'submitting'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit(false)}
      />
      <ThanksModal
        opened={phase === 'thanks'}
        onDone={() => navigate('/dashboard', { state: { status: 'success' } })}
      />
    </>
  );
}

/**
 * /assessments/questions?assessment={id}: starts (or resumes) the student's attempt and sits it
 * (learning §2 "Exam taking", §4 "Exam run", decision 26). A reload or a second tab resumes with
 * every saved answer and the server's time left; a student arriving after the time is sent to
 * /me/assessments; a submitted examination says "Already Submitted!".
 */
export function ExamPage() {
  const [params] = useSearchParams();
  const assessmentId = params.get('assessment');
  // The start answers the sheet: the paper, the saved answers and the time left.
  const sheet = useExamAttempt(assessmentId);
  const timeOver = useTimeOver();

  const refusal = sheet.error;
  const startRefusal = isExamConflict(refusal) ? errorMessage(refusal) : null;
  const arrivedLate =
    startRefusal === MESSAGES.examTimeOver ||
    (sheet.data !== undefined &&
      sheet.data.attempt.submitted_at === null &&
      sheet.data.attempt.time_left_ms === 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the lateness is known
  useEffect(() => {
    if (arrivedLate) timeOver();
  }, [arrivedLate]);

  const back = (
    <Button
      component={Link}
      to={MY_ASSESSMENTS_PATH}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {LABELS.examBackToAssessments}
    </Button>
  );
  const header = (
    <PageHeader title={sheet.data?.assessment.title ?? LABELS.myAssessmentsTitle} actions={back} />
  );

  if (!assessmentId)
    return (
      <EmptyNote
        text={MESSAGES.examNotLive}
        action={{ label: LABELS.examBackToAssessments, to: MY_ASSESSMENTS_PATH }}
      />
    );
  if (arrivedLate || sheet.isPending) return <Loading />;
  if (startRefusal) {
    return (
      <>
        {header}
        <Alert color="orange" variant="light" role="alert" maw={640}>
          {startRefusal === MESSAGES.alreadySubmitted ? MESSAGES.alreadySubmitted : startRefusal}
        </Alert>
      </>
    );
  }
  if (refusal && isNotAvailable(refusal)) return <NotAvailable text={LABELS.assessNotAvailable} />;
  if (refusal || !sheet.data) {
    return <LoadFailed message={errorMessage(refusal)} retry={() => void sheet.refetch()} />;
  }
  return (
    <>
      {header}
      {sheet.data.attempt.submitted_at ? (
        <AlreadySubmitted />
      ) : (
        <ExamSitting key={sheet.data.attempt._id} sheet={sheet.data} />
      )}
    </>
  );
}
