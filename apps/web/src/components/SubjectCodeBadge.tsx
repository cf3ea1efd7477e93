import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';

/** A subject's code as a badge, read out as "Code: MATH-10" (the badge alone would be an unnamed string). */
export function SubjectCodeBadge({ code, ...props }: { code: string } & BadgeProps) {
  return (
    <Badge variant="light" size="sm" radius="sm" {...props}>
      <VisuallyHidden>{`${LABELS.subjectCodeLabel}: `}</VisuallyHidden>
      {code}
    </Badge>
  );
}
