import dayjs from 'dayjs';

/** When a doubt or a reply was written, as the threads show it. */
export const formatWhen = (iso: string) => dayjs(iso).format('DD MMM YYYY, HH:mm');
