import { List, Stack, Text, Title } from '@mantine/core';
import type { TermsDocument } from './terms-content';

/** The 18 numbered sections of the terms of use (spec 2 §9) as a readable document. */
export function TermsDocumentView({ doc }: { doc: TermsDocument }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {doc.title}
      </Title>
      <Text size="sm" c="dimmed">
        {doc.effectiveDate}
      </Text>
      <Text size="sm">{doc.intro}</Text>
      {doc.sections.map((section) => (
        <Stack key={section.number} gap={6} component="section" aria-labelledby={`terms-section-${section.number}`}>
          <Title order={4} fz="md" id={`terms-section-${section.number}`}>
            {section.number}. {section.heading}
          </Title>
          {section.paragraphs.map((p) => (
            <Text key={p.slice(0, 40)} size="sm">
              {p}
            </Text>
          ))}
          {section.bullets && section.bullets.length > 0 && (
            <List size="sm" spacing={4}>
              {section.bullets.map((b) => (
                <List.Item key={b.slice(0, 40)}>{b}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
