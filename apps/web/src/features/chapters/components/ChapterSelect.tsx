import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { Chapter } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';

interface ChapterSelectProps {
  chapters: readonly Pick<Chapter, '_id' | 'title'>[] | undefined;
  value: string | null;
  onChange: (chapterId: string) => void;
  disabled?: boolean;
}

/** The chapter dropdown above a chapter's topics. */
export function ChapterSelect({ chapters, value, onChange, disabled }: ChapterSelectProps) {
  return (
    <Select
      label={LABELS.fieldChapter}
      placeholder={LABELS.selectChapterPlaceholder}
      data={(chapters ?? []).map((chapter) => ({ value: chapter._id, label: chapter.title }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      searchable
      allowDeselect={false}
      maw={{ base: '100%', sm: 360 }}
      mb="lg"
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
