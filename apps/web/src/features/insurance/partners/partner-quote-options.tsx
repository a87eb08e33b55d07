import { Alert, Anchor, Button, Card, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { InsurancePartner } from '@portal/domain/entities';
import { mapInsuranceQuoteError } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { insurance } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, answerOf } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useRequestPartnerQuote } from './api';

addEnglish({ insurance });

/**
 * spec 2 §2 "Add-service modal" (insurance) and §7 "Quote partners": one card per quote partner offered for the lease
 * (the caller passes serviceAvailability(lease).insurancePartners); each asks its partner for a quote, shows the
 * monthly (and yearly) cost in the tenant's locale and links to the partner's page, where the tenant buys.
 */
export function PartnerQuoteOptions({ leaseId, partners }: { leaseId: string; partners: InsurancePartner[] }) {
  const { t } = useTranslation();
  if (partners.length === 0) return null;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('insurance.partners.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: partners.length > 1 ? 2 : 1 }} spacing="sm">
        {partners.map((partner) => (
          <PartnerCard key={partner} leaseId={leaseId} partner={partner} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PartnerCard({ leaseId, partner }: { leaseId: string; partner: InsurancePartner }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const quote = useRequestPartnerQuote();
  const buyLink = useRef<HTMLAnchorElement>(null);
  const name = t(`insurance.partners.names.${partner}`);
  // spec 2 §8: "building type required" (RM_ERROR_QUOTE_UNAVAILABLE) → the quote-unavailable alert, contact support
  const unavailable = quote.error != null && mapInsuranceQuoteError(answerOf(quote.error)).key === MSG.quoteUnavailable;
  // The Get a quote button goes away with the answer: focus moves to the link that buys, not to the page's top.
  useEffect(() => {
    if (quote.data) buyLink.current?.focus();
  }, [quote.data]);
  const awaitingReturn = useAwaitingReturn();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-partner={partner}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h5" id={titleId}>
          {name}
        </Title>
        <Text size="sm">{t(`insurance.partners.offers.${partner}`)}</Text>
        <div aria-live="polite">
          {quote.isPending && (
            <Stack gap={4} align="flex-start">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('insurance.partners.loading', { partner: name })}</Text>
            </Stack>
          )}
          {quote.data && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t(`insurance.partners.quoteFrom.${partner}`)}
              </Text>
              <Text fw={700} size="lg">
                {t('insurance.partners.monthly', { amount: formatAmount(quote.data.monthlyCost, quote.data.currency, lang) })}
              </Text>
              {quote.data.yearlyCost != null && (
                <Text size="sm">
                  {t('insurance.partners.yearly', { amount: formatAmount(quote.data.yearlyCost, quote.data.currency, lang) })}
                </Text>
              )}
              <Anchor
                ref={buyLink}
                href={`${quote.data.link}?lang=${lang}`}
                target="_blank"
                rel="noopener noreferrer"
                fw={600}
                onClick={awaitingReturn}
              >
                {t(`insurance.partners.buyOn.${partner}`)}
                <VisuallyHidden>{` ${t('insurance.partners.newTab')}`}</VisuallyHidden>
              </Anchor>
            </Stack>
          )}
        </div>
        {quote.error && (
          <Alert
            color={unavailable ? 'yellow' : 'red'}
            role="alert"
            title={unavailable ? t('insurance.partners.unavailableTitle') : undefined}
          >
            {unavailable
              ? t(MSG.quoteUnavailable)
              : quote.error instanceof ApiError
                ? quote.error.message
                : t('insurance.partners.networkError')}
          </Alert>
        )}
        {!quote.data && !unavailable && (
          <Button
            mt="auto"
            variant="light"
            onClick={() => quote.mutate({ leaseId, partner })}
            loading={quote.isPending}
            aria-describedby={titleId}
          >
            {quote.error ? t('insurance.partners.retry') : t('insurance.partners.getQuote')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The purchase happens in the partner's tab: when the tenant comes back to this one, the policy lists are read again
 * (the portal does not refetch on focus by default), so the policy just bought shows without a reload.
 */
function useAwaitingReturn(): () => void {
  const client = useQueryClient();
  const [awaiting, setAwaiting] = useState(false);
  useEffect(() => {
    if (!awaiting) return;
    const back = () => {
      if (document.visibilityState === 'hidden') return;
      // the policy search's record type (features/insurance keys its lists under it)
      void client.invalidateQueries({ queryKey: ['insurance_policy'] });
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [awaiting, client]);
  return () => setAwaiting(true);
}
