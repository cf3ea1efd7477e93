import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { Fragment, type ReactNode } from 'react';
import type { RowPopup } from '../use-row-popup';
import { NARROW_TABLE_QUERY } from './InstitutionName';

/**
 * A popup about one row of the owner's institutions (edit, moderators, demo videos). Its content
 * is mounted only while a row is chosen and keyed by it, so nothing of one institution (a form's
 * values, a password shown once) ever shows under another.
 */
export function InstitutionPopup({
  popup,
  title,
  size,
  fullScreenOnPhone = false,
  children,
}: {
  popup: RowPopup;
  title: (institution: Institution) => string;
  size?: ModalProps['size'];
  /** Tables and players get the whole screen on a phone. */
  fullScreenOnPhone?: boolean;
  children: (institution: Institution) => ReactNode;
}) {
  const phone = useMediaQuery(NARROW_TABLE_QUERY) ?? false;
  const { row } = popup;
  return (
    <Modal
      opened={popup.opened && row !== null}
      onClose={popup.close}
      title={row ? title(row) : ''}
      size={size}
      centered
      fullScreen={fullScreenOnPhone && phone}
    >
      {row && <Fragment key={row._id}>{children(row)}</Fragment>}
    </Modal>
  );
}
