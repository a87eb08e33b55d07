import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';

/** Sets document.title to "<page> · RentLedger" (or the product name alone) while the caller is mounted. */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const title = page ? t('common.pageTitle', { page }) : t('common.productName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
