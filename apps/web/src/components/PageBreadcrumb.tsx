import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Left out for the page itself. */
  to?: string;
}

/** The trail above a page; the last crumb is the current page. */
export function PageBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Box component="nav" aria-label={LABELS.breadcrumb} mb="sm">
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1 ? 'page' : undefined;
          return crumb.to ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" aria-current={current}>
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current={current} lineClamp={1}>
              {crumb.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
