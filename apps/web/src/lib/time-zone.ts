import { dateTimeText, dayIn, deviceTimeZone } from '@portal/shared/time';
import { useAccount } from './session';

/**
 * The zone every time on screen is shown and picked in (decision 37): the signed-in person's
 * institution's (`time_zone` of the session), never the device's. A session kept from before it
 * had one uses the device's until `/auth/me` brings it.
 */
export function useTimeZone(): string {
  return useAccount()?.time_zone ?? deviceTimeZone();
}

/** Instants as 'DD-MM-YYYY | hh:mm A' in the institution's zone ('' for none). */
export function useDateTimeText(): (instant: string | Date | null | undefined) => string {
  const timeZone = useTimeZone();
  return (instant) => dateTimeText(instant, timeZone);
}

/**
 * Today in the institution's zone by this device's clock (decision 37): the day a page opens on
 * where the server gives none (the profile's `today` is the server's own).
 */
export function useInstitutionToday(): string {
  return dayIn(useTimeZone(), new Date());
}
