import type { CreateSubjectBody, SubjectLogo } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { isLogoLink } from '@portal/shared/schemas/common';

export interface SubjectFormValues {
  title: string;
  code: string;
  description: string;
  /** Null until chosen in the standalone form, where the logo is required. */
  subject_logo: SubjectLogo | null;
  subject_logo_url: string;
}

export const emptySubjectForm = (logo: SubjectLogo | null): SubjectFormValues => ({
  title: '',
  code: '',
  description: '',
  subject_logo: logo,
  subject_logo_url: '',
});

const blank = (value: string) => value.trim() === '';

/**
 * The popup needs title and code; the standalone Add Subject form also description and logo
 * (management §5). Both answer 'Please fill the form'. A logo image link, when given, is an
 * http(s) link or a file of the portal (the server refuses anything else).
 */
export function subjectFormError(values: SubjectFormValues, standalone: boolean): string | null {
  if (blank(values.title) || blank(values.code)) return MESSAGES.fillTheForm;
  if (standalone && (blank(values.description) || !values.subject_logo)) return MESSAGES.fillTheForm;
  return logoLinkError(values.subject_logo_url);
}

/** The logo image link field's message, or null when it is empty or a link the portal accepts. */
export function logoLinkError(link: string): string | null {
  const trimmed = link.trim();
  return trimmed === '' || isLogoLink(trimmed) ? null : MESSAGES.logoLinkInvalid;
}

export function subjectBody(values: SubjectFormValues): CreateSubjectBody {
  return {
    title: values.title.trim(),
    code: values.code.trim(),
    description: values.description.trim(),
    subject_logo: values.subject_logo ?? 'others',
    subject_logo_url: values.subject_logo_url.trim() || null,
  };
}
