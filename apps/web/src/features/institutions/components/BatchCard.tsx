import { Card, Group, Text, Title, UnstyledButton } from '@mantine/core';
import type { Batch } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EditDeleteButtons } from '../../../components/EditDeleteButtons';
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
        <Title order={2} size="h4" lineClamp={2}>
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
        <EditDeleteButtons
          title={batch.title}
          onEdit={() => onEdit(batch)}
          onDelete={() => onDelete(batch)}
        />
      </Group>
    </Card>
  );
}
