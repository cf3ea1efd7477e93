import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Left out for the page itself. */
  to?: string;
}

/** The one separator of every trail (management §2 writes 'Home > Student List'). */
export const CRUMB_SEPARATOR = '›';

const HOME: Crumb = { label: LABELS.home, to: '/dashboard' };

/**
 * The trail above a page, the same on every page: Home first, then `crumbs`; the last crumb is
 * the current page.
 */
export function PageBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  const trail = [HOME, ...crumbs];
  return (
    <Box component="nav" aria-label={LABELS.breadcrumb} mb="sm">
      <Breadcrumbs separator={CRUMB_SEPARATOR} separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {trail.map((crumb, index) => {
          const current = index === trail.length - 1 ? 'page' : undefined;
          return crumb.to ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" aria-current={current}>
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={crumb.label}
              size="sm"
              c="dimmed"
              aria-current={current}
              lineClamp={1}
              title={crumb.label}
            >
              {crumb.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
