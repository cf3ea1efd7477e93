import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Combobox.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Input,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ContentType, Topic } from '@portal/shared';
import { CONTENT_TYPES } from '@portal/shared/constants';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileUpload, IconPhoto, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FileUploader } from '../../../components/upload/FileUploader';
import { VideoUploader } from '../../../components/upload/VideoUploader';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateTopic, useFacultyOptions, useUpdateTopic } from '../api';
import { CONTENT_TYPE_LABELS } from '../content-types';
import {
  emptyTopicValues,
  fileNameOf,
  type TopicFormValues,
  toCreateBody,
  topicFormError,
  toUpdateBody,
  valuesFromTopic,
} from '../topic-form';
import { DescriptionEditor } from './DescriptionEditor';

export interface TopicFormProps {
  chapterId: string;
  /** Editing this topic; creating a new one when absent. */
  topic?: Topic;
  /** The popup and the standalone Add require an author; the standalone Edit does not (§5). */
  authorRequired: boolean;
  /**
   * The author is fixed: a faculty member authors as themself, so no picker shows and this id is
   * sent with every save.
   */
  fixedAuthorId?: string;
  onSaved: (topic: Topic) => void;
  onCancel?: () => void;
}

/** Create or edit a topic: title, type, content, description, author and note files. */
export function TopicForm({
  chapterId,
  topic,
  authorRequired,
  fixedAuthorId,
  onSaved,
  onCancel,
}: TopicFormProps) {
  const [values, setValues] = useState<TopicFormValues>(() => {
    const initial = topic ? valuesFromTopic(topic) : emptyTopicValues();
    return fixedAuthorId ? { ...initial, author_id: fixedAuthorId } : initial;
  });
  const [error, setError] = useFormError();
  const [uploads, setUploads] = useState(0);
  const faculties = useFacultyOptions(!fixedAuthorId);
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const saving = create.isPending || update.isPending;
  const uploading = uploads > 0;

  // Any change to a field clears the shown error (management §4).
  function change(patch: Partial<TopicFormValues>) {
    setError(null);
    setValues((current) => ({ ...current, ...patch }));
  }
  const busy = (running: boolean) => setUploads((count) => Math.max(0, count + (running ? 1 : -1)));

  const authorOptions = (faculties.data ?? []).map((faculty) => ({
    value: faculty._id,
    label: faculty.designation ? `${faculty.name} (${faculty.designation})` : faculty.name,
  }));
  // An author since archived still shows as the current value.
  if (topic?.author_id && !authorOptions.some((option) => option.value === topic.author_id)) {
    authorOptions.push({ value: topic.author_id, label: topic.author_name ?? topic.author_id });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || saving) return;
    const problem = topicFormError(values, authorRequired);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const saved = topic
        ? await update.mutateAsync({ id: topic._id, body: toUpdateBody(values) })
        : await create.mutateAsync(toCreateBody(values, chapterId));
      notify.success(topic ? MESSAGES.topicEdited : MESSAGES.topicAdded);
      onSaved(saved);
    } catch (cause) {
      setError(errorMessage(cause));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={LABELS.fieldTitle}
          withAsterisk
          value={values.title}
          maxLength={200}
          onChange={(event) => change({ title: event.currentTarget.value })}
        />

        <Radio.Group
          label={LABELS.fieldType}
          withAsterisk
          value={values.type}
          // Content of one type means nothing for another.
          onChange={(type) => change({ type: type as ContentType, content_uri: '' })}
        >
          <Group gap="lg" mt={6}>
            {CONTENT_TYPES.map((type) => (
              <Radio key={type} value={type} label={CONTENT_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>

        {values.type && (
          <Input.Wrapper label={LABELS.fieldContent} withAsterisk>
            <Stack gap="xs" mt={4}>
              {values.type === 'image' && (
                <>
                  {values.content_uri && (
                    <Image
                      src={values.content_uri}
                      alt={values.title || LABELS.topicContent}
                      h={140}
                      w="auto"
                      maw="100%"
                      fit="contain"
                      radius="sm"
                    />
                  )}
                  <FileUploader
                    label={values.content_uri ? LABELS.changeImage : LABELS.chooseImage}
                    accept="image/*"
                    leftSection={<IconPhoto size={16} />}
                    onBusyChange={busy}
                    onUploaded={(file) => change({ content_uri: file.publicUrl })}
                  />
                </>
              )}
              {values.type === 'audio' && (
                <TextInput
                  label={LABELS.audioLink}
                  placeholder="https://"
                  value={values.content_uri}
                  onChange={(event) => change({ content_uri: event.currentTarget.value })}
                />
              )}
              {values.type === 'video' && (
                <>
                  <Text size="sm" c="dimmed">
                    {LABELS.orPasteVideoLink}
                  </Text>
                  <VideoUploader
                    label={LABELS.uploadVideo}
                    onBusyChange={busy}
                    onUploaded={(url, filename) => {
                      change({ content_uri: url });
                      notify.success(formatMessage(LABELS.uploadDone, { name: filename }));
                    }}
                  />
                  <TextInput
                    label={LABELS.videoLink}
                    placeholder="https://"
                    value={values.content_uri}
                    disabled={uploading}
                    onChange={(event) => change({ content_uri: event.currentTarget.value })}
                  />
                </>
              )}
            </Stack>
          </Input.Wrapper>
        )}

        <DescriptionEditor
          label={LABELS.fieldDescription}
          required
          value={values.wysiwyg_state}
          onChange={(doc) => change({ wysiwyg_state: doc })}
        />

        {!fixedAuthorId && (
          <Select
            label={LABELS.fieldAuthor}
            placeholder={LABELS.selectAuthorPlaceholder}
            withAsterisk={authorRequired}
            data={authorOptions}
            value={values.author_id || null}
            onChange={(value) => change({ author_id: value ?? '' })}
            searchable
            clearable={!authorRequired}
            nothingFoundMessage={MESSAGES.noFaculties}
            comboboxProps={{ withinPortal: true }}
          />
        )}

        <Input.Wrapper label={LABELS.fieldNotes}>
          <Stack gap="xs" mt={4}>
            {values.notes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {LABELS.noNotesYet}
              </Text>
            ) : (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {values.notes.map((url, index) => {
                  const name = formatMessage(LABELS.noteN, { n: String(index + 1) });
                  return (
                    <Group key={url} component="li" gap="xs" wrap="nowrap" justify="space-between">
                      <Group gap="xs" wrap="nowrap" miw={0}>
                        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={500} size="sm">
                          {name}
                        </Anchor>
                        <Text size="sm" c="dimmed" truncate>
                          {fileNameOf(url)}
                        </Text>
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={formatMessage(LABELS.removeNoteN, { n: String(index + 1) })}
                        onClick={() => change({ notes: values.notes.filter((_, at) => at !== index) })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  );
                })}
              </Stack>
            )}
            <FileUploader
              label={LABELS.addNoteFiles}
              multiple
              leftSection={<IconFileUpload size={16} />}
              onBusyChange={busy}
              onUploaded={(file) => {
                setError(null);
                setValues((current) => ({ ...current, notes: [...current.notes, file.publicUrl] }));
              }}
            />
          </Stack>
        </Input.Wrapper>

        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {LABELS.formCancel}
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={uploading}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
