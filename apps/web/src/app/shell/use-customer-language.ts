// spec 1 §4 Language: the locale comes from the customer's languageCode (en or fr, else en). Changing it saves the
// customer, and the locale changes only if the save answers an id; otherwise an error toast and no change. The same
// holds while an admin views the portal as the tenant (spec 1 §4 makes no exception).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCustomer } from '../../api/customer/get-customer';
import { updateCustomer } from '../../api/customer/update-customer';
import { customerKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../components/notify';
import appI18n, { type Lang, toLang, useTranslation } from '../../lib/i18n';

export function useCustomerLanguage(customerId: string) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const customer = useCustomer(customerId);
  const savedCode = customer.data?.languageCode;

  // Applied when the saved language arrives or changes, and only then: the `i18n` of useTranslation is a new object on
  // every language change, so depending on it would undo each switch until the save answers (the mimic bug of issue 9).
  useEffect(() => {
    if (savedCode === undefined) return;
    const lang = toLang(savedCode);
    if (appI18n.language !== lang) void appI18n.changeLanguage(lang);
  }, [savedCode]);

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
    save.mutate(lang);
  };

  return { lang: toLang(i18n.language), change, saving: save.isPending, customer };
}
