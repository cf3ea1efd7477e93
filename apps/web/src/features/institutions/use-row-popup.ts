import { useDisclosure } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { useState } from 'react';

/** A popup about one row of the owner's institutions, and which row. */
export interface RowPopup {
  row: Institution | null;
  opened: boolean;
  open: (institution: Institution) => void;
  close: () => void;
}

/**
 * A popup about one institution. The chosen row outlives the popup's closing transition, so the
 * popup's text does not blank out while it closes.
 */
export function useRowPopup(): RowPopup {
  const [row, setRow] = useState<Institution | null>(null);
  const [opened, popup] = useDisclosure(false);
  return {
    row,
    opened,
    open: (institution: Institution) => {
      setRow(institution);
      popup.open();
    },
    close: popup.close,
  };
}
