import { Button, Card, CloseButton, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@portal/domain/money';
import { useState } from 'react';
import wrapping from '../../../../components/wrapping-button.module.css';
import { useTranslation } from '../../../../lib/i18n';
import { useSessionUser } from '../../../../lib/use-session-user';
import { useLang } from '../../lib/locale';
import classes from './services.module.css';

/** spec 2 §2 / §9: the neobank's welcome offer, 40 dollars. */
export const NEOBANK_OFFER_CENTS = 40_00;
export const NEOBANK_SIGNUP_PATH = '/api/sandbox/neobank';

// Dismissed per tenant in this browser: a promotion the tenant closed should stay closed, but it is marketing, not a
// record: forgetting it on another device costs nothing, so it needs no table, no call and no wait before showing.
const dismissedKey = (userId: string) => `neobank-offer-dismissed:${userId}`;
function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** spec 2 §2 "Dashboard service cards": the Canada-only neobank promotion banner, linking out to the card sign-up. */
export function NeobankBanner() {
  const { t } = useTranslation();
  const lang = useLang();
  const userId = useSessionUser()?.id ?? '';
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  if (dismissed) return null;
  const amount = formatMoney(NEOBANK_OFFER_CENTS, 'CAD', lang);
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(userId), '1');
    } catch {
      // storage full or off: it is closed for this visit
    }
    setDismissed(true);
  };
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="neobank-title"
      className={classes.banner}
      // room on the right for the close button in the corner
      pr={48}
      bg="var(--mantine-color-blue-light)"
      data-testid="neobank-banner"
    >
      <div className={classes.bannerInner}>
        <div className={classes.bannerText}>
          <Title order={2} size="h4" id="neobank-title">
            {t('services.neobank.title', { amount })}
          </Title>
          <Text size="sm">{t('services.neobank.text', { amount })}</Text>
        </div>
        <Button
          component="a"
          href={`${NEOBANK_SIGNUP_PATH}?lang=${lang}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="neobank-title"
          classNames={{ root: wrapping.root, label: wrapping.label }}
        >
          {t('services.neobank.signUp')}
          <VisuallyHidden>{` ${t('services.opensInNewTab')}`}</VisuallyHidden>
        </Button>
        <CloseButton className={classes.bannerClose} aria-label={t('services.neobank.dismiss')} onClick={dismiss} />
      </div>
    </Card>
  );
}
