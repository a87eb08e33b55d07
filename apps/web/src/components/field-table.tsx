// A two-column read-only table of named values (the receipt, the payment summary, the instalment plan): one row per
// field, the name as a row header, the value wrapping anywhere; `boldField`'s value is the emphasised one (a total).
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row: the field's id (the row's data-field), its name, its value. */
export type FieldRow = [field: string, name: ReactNode, value: ReactNode];

interface Props {
  rows: FieldRow[];
  boldField: string;
  /** Width of the name column. */
  nameWidth?: string;
  'data-testid'?: string;
}

export function FieldTable({ rows, boldField, nameWidth = '40%', 'data-testid': testId }: Props) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid={testId}>
      <Table.Tbody>
        {rows.map(([field, name, value]) => (
          <Table.Tr key={field} data-field={field}>
            <Table.Th w={nameWidth} scope="row">
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }} fw={field === boldField ? 700 : undefined}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
