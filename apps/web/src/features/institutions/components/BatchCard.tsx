import { Button, Card, Group, Text, Title, UnstyledButton } from '@mantine/core';
import type { Batch } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './BatchCard.module.css';

/** A batch: title, academic year and student count; the body opens its subjects. */
export function BatchCard({
  batch,
  onEdit,
  onDelete,
}: {
  batch: Batch;
  onEdit: (batch: Batch) => void;
  onDelete: (batch: Batch) => void;
}) {
  return (
    <Card withBorder radius="md" padding={0} className={classes.card}>
      <UnstyledButton component={Link} to={`/batch/subjects?batch=${batch._id}`} className={classes.body}>
        <Title order={3} size="h4" lineClamp={2}>
          {batch.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {LABELS.academicYear}: {batch.academic_year}
        </Text>
        <Group gap={6} mt="sm">
          <IconUsers size={16} stroke={1.6} aria-hidden />
          <Text size="sm">
            {batch.student_count} {LABELS.studentCount}
          </Text>
        </Group>
      </UnstyledButton>
      <Group gap="xs" justify="flex-end" className={classes.actions}>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={16} />}
          aria-label={formatMessage(LABELS.editNamed, { title: batch.title })}
          onClick={() => onEdit(batch)}
        >
          {LABELS.editAction}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          aria-label={formatMessage(LABELS.deleteNamed, { title: batch.title })}
          onClick={() => onDelete(batch)}
        >
          {LABELS.deleteAction}
        </Button>
      </Group>
    </Card>
  );
}
