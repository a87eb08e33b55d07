import { Button, Text, VisuallyHidden } from '@mantine/core';
import type { CustomCard } from '@portal/domain/api-shapes';
import { customCardTexts } from '@portal/domain/custom-card';
import { safeImagePath, safeLinkUrl } from '@portal/domain/safe-url';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';
import { ServiceCard } from './service-card';

/**
 * spec 2 §2 / §3 customCard: the property's (else its company's, else the parent company's) own card. The link is
 * checked again here: only an http(s) address becomes a button (anything else hides it), opened in a new tab without
 * giving the other site a handle on the portal (noopener) or the portal's address (noreferrer).
 */
export function CustomServiceCard(props: { leaseId: string; card: NonNullable<CustomCard>; propertyName: string | null }) {
  const { t } = useTranslation();
  const { card } = props;
  const href = safeLinkUrl(card.buttonUrl);
  const image = safeImagePath(card.imageUrl);
  // issue 23: the manager's French texts for a French tenant, when given
  const texts = customCardTexts(card, useLang());
  const title = texts.cardTitle;
  return (
    <ServiceCard
      id={`custom-card-${props.leaseId}`}
      testId="service-custom-card"
      title={title}
      propertyName={props.propertyName}
      // width and height give the image its box before it loads (no layout shift); the CSS keeps it 2:1
      media={image && <img src={image} alt={title} width={320} height={160} loading="lazy" decoding="async" />}
      actions={
        href &&
        texts.buttonCaption && (
          <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light">
            {texts.buttonCaption}
            <VisuallyHidden>{` ${t('services.opensInNewTab')}`}</VisuallyHidden>
          </Button>
        )
      }
    >
      {texts.cardText && <Text size="sm">{texts.cardText}</Text>}
    </ServiceCard>
  );
}
