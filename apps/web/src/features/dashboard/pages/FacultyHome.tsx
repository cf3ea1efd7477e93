import { Grid, Paper, Tabs, Title } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import classes from './home.module.css';

interface SubTab {
  value: string;
  label: string;
  empty: string;
}

function SubTabs({ tabs, label }: { tabs: readonly SubTab[]; label: string }) {
  return (
    <Tabs defaultValue={tabs[0].value} variant="pills" mt="md">
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <EmptyNote text={tab.empty} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

const DOUBT_TABS = [
  { value: 'new', label: LABELS.newTab, empty: MESSAGES.noNewDoubts },
  { value: 'replied', label: LABELS.repliedTab, empty: MESSAGES.noRepliedDoubts },
] as const;

const EVALUATION_TABS = [
  { value: 'pending', label: LABELS.pendingTab, empty: MESSAGES.noPendingExaminations },
  { value: 'evaluated', label: LABELS.evaluatedTab, empty: MESSAGES.noEvaluatedExaminations },
] as const;

/** Faculty home: doubts and exam evaluations, and the student list panel (learning §2 "Faculty home"). */
export function FacultyHome() {
  return (
    <>
      <PageHeader title={LABELS.home} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            <Tabs defaultValue="doubts" classNames={{ tab: classes.tab }}>
              <Tabs.List>
                <Tabs.Tab value="doubts">{LABELS.studentsDoubts}</Tabs.Tab>
                <Tabs.Tab value="evaluations">{LABELS.examEvaluations}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="doubts">
                <SubTabs tabs={DOUBT_TABS} label={LABELS.studentsDoubts} />
              </Tabs.Panel>
              <Tabs.Panel value="evaluations">
                <SubTabs tabs={EVALUATION_TABS} label={LABELS.examEvaluations} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h4">
              {LABELS.students}
            </Title>
            <EmptyNote text={MESSAGES.noStudentsAssigned} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
