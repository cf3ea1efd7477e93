import { Badge, NavLink, Paper } from '@mantine/core';

export interface SubjectFilterItem {
  id: string;
  title: string;
  /** A second line, e.g. the batch when a teacher has the subject in several. */
  description?: string;
  /** Left out while unknown. */
  count?: number;
}

interface SubjectFilterProps {
  /** The list's accessible name. */
  label: string;
  allLabel: string;
  allCount?: number;
  items: readonly SubjectFilterItem[];
  /** The chosen subject's id; null for all of them. */
  selected: string | null;
  onSelect: (id: string | null) => void;
}

const count = (value: number | undefined) =>
  value === undefined ? undefined : (
    <Badge variant="light" radius="sm">
      {value}
    </Badge>
  );

/** The subject list on the left of the doubts and notes pages: all subjects, or one, each with its count. */
export function SubjectFilter({ label, allLabel, allCount, items, selected, onSelect }: SubjectFilterProps) {
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={label}>
      <NavLink
        component="button"
        label={allLabel}
        active={selected === null}
        onClick={() => onSelect(null)}
        rightSection={count(allCount)}
      />
      {items.map((item) => (
        <NavLink
          key={item.id}
          component="button"
          label={item.title}
          description={item.description}
          active={item.id === selected}
          onClick={() => onSelect(item.id)}
          rightSection={count(item.count)}
        />
      ))}
    </Paper>
  );
}
