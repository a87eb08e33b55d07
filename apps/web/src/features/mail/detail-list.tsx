// A mail's label/value lines (from, to, date; status, attempts, last error…) as a description list, for the sandbox
// inbox and the admin's outbox alike: labels in a column, long values wrapping anywhere (addresses, errors).
import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 0.75rem' }}>
      {rows.map(([label, value]) => (
        <Box key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
