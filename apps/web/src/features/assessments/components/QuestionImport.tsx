import '@mantine/core/styles/List.css';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { ImportProblemPreview, QuestionFileFormat, QuestionFilePreview } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES, QUESTION_IMPORT_HELP } from '@portal/shared/messages';
import {
  IconAlertTriangle,
  IconDownload,
  IconEye,
  IconFileImport,
  IconFileUpload,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FileUploader } from '../../../components/upload/FileUploader';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { errorMessage } from '../../../lib/api';
import { useFormError } from '../../../lib/use-form-error';
import type { ImportedFile } from '../api';
import { counted } from '../counts';
import { QuestionItem } from './QuestionItem';

/** The CSV template the import screens offer (decision 18). */
export const QUESTIONS_TEMPLATE_URL = '/templates/questions-template.csv';

const FORMAT_NAMES: Record<QuestionFileFormat, string> = {
  csv: 'CSV',
  gift: 'GIFT',
  'moodle-xml': 'Moodle XML',
  aiken: 'Aiken',
};

/** Where a problem is: its line, else its question number. */
function problemPlace(problem: ImportProblemPreview): string | null {
  if (problem.line != null) return formatMessage(LABELS.importProblemAt, { line: String(problem.line) });
  if (problem.question != null) {
    return formatMessage(LABELS.importProblemQuestion, { n: String(problem.question) });
  }
  return null;
}

/** Problems (or warnings) of the file, each with where it is. */
function ProblemList({ problems, label }: { problems: readonly ImportProblemPreview[]; label: string }) {
  return (
    <List size="sm" spacing={4} aria-label={label}>
      {problems.map((problem, index) => {
        const place = problemPlace(problem);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never move
          <List.Item key={index}>
            {place && <Text span fw={600} size="sm">{`${place}: `}</Text>}
            {problem.message}
          </List.Item>
        );
      })}
    </List>
  );
}

interface ProblemsProps {
  problems: readonly ImportProblemPreview[];
  /** How many questions the file has without the problems. */
  good: number;
  onImportGood: () => void;
  busy: boolean;
}

function Problems({ problems, good, onImportGood, busy }: ProblemsProps) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={formatMessage(LABELS.importProblemsTitle, { n: String(problems.length) })}
    >
      <Stack gap="xs">
        <ProblemList problems={problems} label={LABELS.importProblemsList} />
        <Text size="sm">{LABELS.importNothingWritten}</Text>
        {good > 0 && (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            maw="100%"
            mih={30}
            {...WRAPPING_BUTTON}
            leftSection={<IconFileImport size={14} />}
            onClick={onImportGood}
            disabled={busy}
          >
            {counted(good, LABELS.importSkipProblemsOne, LABELS.importSkipProblems)}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function Preview({
  preview,
  onImportGood,
  busy,
}: {
  preview: QuestionFilePreview;
  onImportGood: () => void;
  busy: boolean;
}) {
  return (
    <Stack gap="sm" data-testid="question-preview">
      <Group gap="xs" justify="space-between">
        <Text fw={700}>
          {counted(preview.questions.length, LABELS.importPreviewTitleOne, LABELS.importPreviewTitle)}
        </Text>
        {preview.format && (
          <Badge variant="light" radius="sm">
            {formatMessage(LABELS.importFormat, { format: FORMAT_NAMES[preview.format] })}
          </Badge>
        )}
      </Group>
      {preview.errors.length > 0 && (
        <Problems
          problems={preview.errors}
          good={preview.questions.length}
          onImportGood={onImportGood}
          busy={busy}
        />
      )}
      {preview.warnings.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={formatMessage(LABELS.importWarningsTitle, { n: String(preview.warnings.length) })}
        >
          <ProblemList problems={preview.warnings} label={LABELS.importWarningsList} />
        </Alert>
      )}
      {preview.errors.length === 0 && preview.questions.length > 0 && (
        <Text size="sm" c="dimmed">
          {LABELS.importReadyToImport}
        </Text>
      )}
      {preview.questions.map((question) => (
        <QuestionItem
          key={question.number}
          question={{
            number: question.number,
            line: question.line,
            title: question.title,
            type: question.type,
            marks: question.marks,
            options: question.options.map((option, index) => ({ key: String(index), ...option })),
          }}
        />
      ))}
    </Stack>
  );
}

interface QuestionImportProps {
  /** Parses the file; nothing is written. */
  preview: (csvUrl: string) => Promise<QuestionFilePreview>;
  /** Writes the file's questions, all or nothing (or all its good ones when skipping problems). */
  importFile: (file: ImportedFile) => Promise<unknown>;
  importing: boolean;
  onImported: () => void;
  onCancel: () => void;
  /** A note above the help (e.g. the types a self assessment takes). */
  note?: string;
}

/**
 * Add questions from a file (decisions 18 and 27): upload it (kept private) or give the location of
 * one on the portal ('Please fill the url' when neither), Preview shows what the server parsed and
 * every problem with its line or question number (and warnings, such as a grade Moodle would
 * refuse), and Import, enabled only by a preview of the same file without problems, writes them
 * all or nothing; choosing a new file forgets the last one and its preview. A file with problems (a Moodle bank with matching questions,
 * say) can still give its good questions, all together, once its preview has listed what is left
 * out.
 */
export function QuestionImport({
  preview,
  importFile,
  importing,
  onImported,
  onCancel,
  note,
}: QuestionImportProps) {
  const [url, setUrl] = useState('');
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [shown, setShown] = useState<{ url: string; preview: QuestionFilePreview } | null>(null);
  const [error, setError] = useFormError();
  const previewFirstId = useId();

  const changeUrl = (next: string, name: string | null) => {
    setUrl(next);
    setUploadedName(name);
    setShown(null);
    setError(null);
  };

  const location = url.trim();
  // The preview of the file now in the field, if it has one.
  const previewed = shown !== null && shown.url === location ? shown.preview : null;

  const runPreview = async () => {
    setError(null);
    if (!location) return setError(MESSAGES.fillTheUrl);
    setPreviewing(true);
    try {
      setShown({ url: location, preview: await preview(location) });
    } catch (failure) {
      setShown(null);
      setError(errorMessage(failure));
    } finally {
      setPreviewing(false);
    }
  };

  // Import only once the file now in the field has been previewed without problems; a file with
  // problems offers its good questions in the preview instead.
  const importable = previewed !== null && previewed.errors.length === 0 && previewed.questions.length > 0;

  const runImport = async (skipProblems: boolean) => {
    setError(null);
    try {
      await importFile({ csvUrl: location, skipProblems });
      onImported();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <FileUploader
          label={LABELS.importChooseFile}
          accept=".csv,.txt,.gift,.xml,text/csv,text/plain,text/xml,application/xml"
          purpose="import"
          leftSection={<IconFileUpload size={16} />}
          onBusyChange={setUploading}
          // A new file replaces the last one at once: a failed upload leaves no earlier file or preview.
          onStart={() => changeUrl('', null)}
          onUploaded={(file) => changeUrl(file.publicUrl, file.filename)}
        />
        {uploadedName && (
          <Text size="sm" c="dimmed">
            {formatMessage(LABELS.importFileChosen, { name: uploadedName })}
          </Text>
        )}
      </Stack>
      <TextInput
        label={LABELS.importCsvUrl}
        description={LABELS.importCsvUrlHint}
        value={url}
        onChange={(event) => changeUrl(event.currentTarget.value, null)}
        withAsterisk
      />
      <Stack gap={4}>
        {note && (
          <Text size="sm" fw={500}>
            {note}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {LABELS.importFormats}
        </Text>
        <List size="xs" spacing={2} c="dimmed">
          {QUESTION_IMPORT_HELP.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Anchor href={QUESTIONS_TEMPLATE_URL} download size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            {LABELS.importTemplate}
          </Group>
        </Anchor>
      </Stack>
      {error && (
        <Alert color="red" variant="light" role="alert" py="xs">
          {error}
        </Alert>
      )}
      {previewed && (
        <Preview
          preview={previewed}
          onImportGood={() => runImport(true)}
          busy={importing || uploading || previewing}
        />
      )}
      {!previewed && (
        <Text id={previewFirstId} size="sm" c="dimmed" ta="right">
          {LABELS.importPreviewFirst}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={importing}>
          {LABELS.formCancel}
        </Button>
        <Button
          variant="light"
          leftSection={<IconEye size={16} />}
          onClick={runPreview}
          loading={previewing}
          disabled={uploading || importing}
        >
          {LABELS.importPreview}
        </Button>
        <Button
          leftSection={<IconFileImport size={16} />}
          onClick={() => runImport(false)}
          loading={importing}
          disabled={!importable || uploading || previewing}
          aria-describedby={previewed ? undefined : previewFirstId}
        >
          {LABELS.importImport}
        </Button>
      </Group>
    </Stack>
  );
}
