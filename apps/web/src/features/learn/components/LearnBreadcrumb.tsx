import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** My Subjects › subject › chapter › topic; the last crumb is the current page. */
export function LearnBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Box component="nav" aria-label={LABELS.breadcrumb} mb="sm">
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb, index) =>
          crumb.to && index < crumbs.length - 1 ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
