import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import type { IssuedCredential } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { FACULTY_CSV_COLUMNS, STUDENT_CSV_COLUMNS } from '@portal/shared/schemas/people';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FileUploader } from '../../../components/upload/FileUploader';
import { ApiError, errorMessage } from '../../../lib/api';
import { saveCsvTemplate } from '../../../lib/downloads';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import { type ImportKind, useImport } from '../api';
import { CredentialsModal } from './CredentialsModal';

interface ImportFormProps {
  kind: ImportKind;
  /** Students only: the batch they join (kept in the page's URL). */
  batchId: string | null;
  onBatchChange: (batchId: string | null) => void;
}

interface Rejection {
  /** The server's summary without the title it repeats ('Unable to Upload!'). */
  summary: string;
  rows: { row: string; reason: string }[];
}

const ROW_KEY = /^row (\d+)$/;

/** The "row N" fields of a rejected file, in line order. */
function rejectedRows(fields: Record<string, string>): Rejection['rows'] {
  return Object.entries(fields)
    .filter(([key]) => ROW_KEY.test(key))
    .map(([key, reason]) => ({ line: Number(key.match(ROW_KEY)![1]), reason }))
    .sort((a, b) => a.line - b.line)
    .map(({ line, reason }) => ({ row: String(line), reason }));
}

const summaryOf = (message: string) =>
  message.startsWith(MESSAGES.unableToUpload)
    ? message.slice(MESSAGES.unableToUpload.length).trim()
    : message;

const KIND = {
  student: {
    columns: STUDENT_CSV_COLUMNS,
    template: 'students-template.csv',
    hint: LABELS.studentCsvHint,
    done: MESSAGES.studentUploaded,
    sheet: LABELS.studentCredentialsTitle,
  },
  faculty: {
    columns: FACULTY_CSV_COLUMNS,
    template: 'faculty-template.csv',
    hint: LABELS.facultyCsvHint,
    done: MESSAGES.facultyUploaded,
    sheet: LABELS.facultyCredentialsTitle,
  },
} as const;

/**
 * Bulk upload (decision 12): upload the CSV to the portal's storage (or give the location of one
 * already there), then Upload. A rejected file lists each row's reasons; nothing was saved.
 */
export function ImportForm({ kind, batchId, onBatchChange }: ImportFormProps) {
  const settings = KIND[kind];
  const [location, setLocation] = useState('');
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useFormError();
  const [rejection, setRejection] = useState<Rejection | null>(null);
  const [credentials, setCredentials] = useState<IssuedCredential[] | null>(null);
  const importFile = useImport();

  const clearErrors = () => {
    setError(null);
    setRejection(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    clearErrors();
    if (kind === 'student' && !batchId) {
      setError(MESSAGES.selectTheBatch);
      return;
    }
    if (!location.trim()) {
      setError(MESSAGES.csvLocationRequired);
      return;
    }
    importFile.mutate(
      { kind, batchId, contentUrl: location.trim() },
      {
        onSuccess: (result) => {
          notify.success(settings.done);
          setLocation('');
          setUploadedName(null);
          setCredentials(result.credentials);
        },
        onError: (failure) => {
          const rows = failure instanceof ApiError ? rejectedRows(failure.fields) : [];
          if (rows.length > 0) setRejection({ summary: summaryOf(failure.message), rows });
          else setError(errorMessage(failure));
        },
      },
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {kind === 'student' && (
            <BatchSelect
              value={batchId}
              onChange={(next) => {
                clearErrors();
                onBatchChange(next);
              }}
              withAsterisk
            />
          )}
          <Stack gap={6}>
            <FileUploader
              label={LABELS.chooseCsvFile}
              accept=".csv,text/csv"
              purpose="import"
              leftSection={<IconFileUpload size={16} />}
              onBusyChange={setUploading}
              onUploaded={(file) => {
                clearErrors();
                setLocation(file.publicUrl);
                setUploadedName(file.filename);
              }}
            />
            {uploadedName && (
              <Text size="sm" c="dimmed">
                {formatMessage(LABELS.chosenFile, { name: uploadedName })}
              </Text>
            )}
          </Stack>
          <TextInput
            label={LABELS.csvLocation}
            description={LABELS.csvLocationHint}
            value={location}
            onChange={(event) => {
              clearErrors();
              setUploadedName(null);
              setLocation(event.currentTarget.value);
            }}
          />
          <Text size="sm" c="dimmed">
            {settings.hint}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {error}
            </Alert>
          )}
          {rejection && (
            <Alert color="red" variant="light" role="alert" title={MESSAGES.unableToUpload}>
              <Stack gap="sm">
                {rejection.summary && <Text size="sm">{rejection.summary}</Text>}
                <Table.ScrollContainer minWidth={320} maxHeight={420}>
                  <Table
                    withTableBorder
                    striped
                    aria-label={LABELS.importProblems}
                    bg="var(--mantine-color-body)"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={72}>{LABELS.importRow}</Table.Th>
                        <Table.Th>{LABELS.importReason}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rejection.rows.map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td>{row.reason}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => saveCsvTemplate(settings.columns, settings.template)}
            >
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} />
                {LABELS.downloadTemplate}
              </Group>
            </Anchor>
            <Button type="submit" loading={importFile.isPending} disabled={uploading}>
              {LABELS.uploadButton}
            </Button>
          </Group>
        </Stack>
      </form>
      <CredentialsModal
        credentials={credentials}
        sheetTitle={settings.sheet}
        onClose={() => setCredentials(null)}
      />
    </Paper>
  );
}
