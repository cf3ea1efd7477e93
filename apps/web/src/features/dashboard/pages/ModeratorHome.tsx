import { Button } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';

/** Moderator home: the batch cards with Add Batch, Add Faculty and Assign Faculty (management §2). */
export function ModeratorHome() {
  return (
    <>
      <PageHeader
        title={LABELS.batches}
        actions={
          <>
            <Button component={Link} to="/batch/create">
              {LABELS.addBatch}
            </Button>
            <Button component={Link} to="/create-faculty" variant="light">
              {LABELS.addFaculty}
            </Button>
            <Button component={Link} to="/assign/faculty" variant="light">
              {LABELS.assignFaculty}
            </Button>
          </>
        }
      />
      <EmptyNote text={LABELS.noBatches} />
    </>
  );
}
