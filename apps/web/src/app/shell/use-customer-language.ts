// spec 1 §4 Language: the locale comes from the customer's languageCode (en or fr, else en). Changing it saves the
// customer, and the locale changes only if the save answers an id; otherwise an error toast and no change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../api/customer/get-customer';
import { updateCustomer } from '../../api/customer/update-customer';
import { customerKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../components/notify';
import { type Lang, toLang } from '../../lib/i18n';

export function useCustomerLanguage(customerId: string, { mimicking }: { mimicking: boolean }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const customer = useCustomer(customerId);
  const savedCode = customer.data?.languageCode;

  useEffect(() => {
    if (savedCode === undefined) return;
    const lang = toLang(savedCode);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [savedCode, i18n]);

  const save = useMutation({
    mutationFn: (lang: Lang) => updateCustomer(customerId, { languageCode: lang }),
    onSuccess: async (answer, lang) => {
      if (!answer?.id) {
        notifyError(t('shell.language.saveFailed'));
        return;
      }
      qc.setQueryData(customerKeys.detail(customerId), answer);
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
      await i18n.changeLanguage(lang);
      // i18n.t, not the render's t: the confirmation speaks the new language.
      notifySuccess(i18n.t('shell.language.saved'));
    },
    onError: () => {
      notifyError(t('shell.language.saveFailed'));
    },
  });

  const change = (lang: Lang) => {
    if (lang === toLang(i18n.language)) return;
    // While an admin views the portal as the tenant, the switch is the admin's own: the tenant's saved language
    // (which also drives their e-mails) is left alone.
    if (mimicking) {
      void i18n.changeLanguage(lang);
      return;
    }
    save.mutate(lang);
  };

  return { lang: toLang(i18n.language), change, saving: save.isPending, customer };
}
