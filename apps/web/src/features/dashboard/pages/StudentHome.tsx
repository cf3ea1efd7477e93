import { Paper, Tabs } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import classes from './home.module.css';

const TABS = [
  { value: 'new', label: LABELS.newTopics, empty: MESSAGES.noNewTopics },
  { value: 'pending', label: LABELS.pendingTopics, empty: MESSAGES.noPendingTopics },
  { value: 'last-visited', label: LABELS.lastVisitedTopics, empty: MESSAGES.noLastVisitedTopics },
] as const;

/** Student home: the day's study-plan topics in three tabs (learning §2 "Student home"). */
export function StudentHome() {
  return (
    <>
      <PageHeader title={LABELS.home} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Tabs defaultValue="new" classNames={{ tab: classes.tab }}>
          <Tabs.List grow>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <EmptyNote text={tab.empty} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
