import { Anchor, Box, Image, Stack, Text } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconExternalLink } from '@tabler/icons-react';
import { sheetKind } from '../marking';
import classes from './AnswerReview.module.css';

/**
 * A student's uploaded answer sheets, opened in place through the portal's file URLs (the file
 * cookie lets the evaluator read them): pictures inline, PDFs in a frame, anything else as a link.
 */
export function AnswerSheets({ urls }: { urls: readonly string[] }) {
  return (
    <Stack gap="sm" aria-label={LABELS.evalAnswerSheets} component="section">
      {urls.map((url, index) => {
        const name = formatMessage(LABELS.evalAnswerSheetN, { n: String(index + 1) });
        const kind = sheetKind(url);
        return (
          <Box key={url} className={classes.sheet}>
            <Text size="sm" fw={600} mb={4}>
              {name}{' '}
              <Anchor href={url} target="_blank" rel="noopener" size="xs" ml="xs">
                <IconExternalLink size={12} aria-hidden /> {LABELS.evalOpenSheet}
              </Anchor>
            </Text>
            {kind === 'image' && <Image src={url} alt={name} className={classes.sheetImage} fit="contain" />}
            {kind === 'pdf' && <iframe src={url} title={name} className={classes.sheetFrame} />}
          </Box>
        );
      })}
    </Stack>
  );
}
