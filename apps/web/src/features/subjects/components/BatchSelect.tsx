import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useBatchOptions } from '../api';

interface BatchSelectProps {
  value: string | null;
  onChange: (batchId: string | null) => void;
  /** Forms mark it required; page filters do not. */
  withAsterisk?: boolean;
}

/** The institution's batches as a dropdown (e.g. "Class 10 A (2026-27)"). */
export function BatchSelect({ value, onChange, withAsterisk }: BatchSelectProps) {
  const batches = useBatchOptions();
  const data = (batches.data ?? []).map((batch) => ({
    value: batch._id,
    label: `${batch.title} (${batch.academic_year})`,
  }));
  // A batch from the URL that is not (or no longer) listed shows as unselected, not as an id.
  const known = value && data.some((option) => option.value === value) ? value : null;
  return (
    <Select
      label={LABELS.fieldBatch}
      placeholder={LABELS.selectBatchPlaceholder}
      data={data}
      value={known}
      onChange={onChange}
      searchable
      allowDeselect={false}
      withAsterisk={withAsterisk}
      disabled={batches.isPending}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
