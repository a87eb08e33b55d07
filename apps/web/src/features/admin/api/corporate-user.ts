// The console's language for corporate users (issue 23; spec 1 §4 Language as for the tenant): GET /corporateUser/{id}
// answers languageCode, applied when it arrives (so a sign-in opens the console in the saved language, as
// app/shell/use-customer-language.ts does for the tenant); the language select saves with PATCH
// /corporateUser/{id}/update and switches only once the save answered.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError, notifySuccess } from '../../../components/notify';
import { api } from '../../../lib/api-client';
import appI18n, { type Lang, toLang, useTranslation } from '../../../lib/i18n';

export interface CorporateUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
  languageCode: Lang;
}

export const corporateUserKeys = {
  all: ['corporate_user'] as const,
  detail: (id: string) => [...corporateUserKeys.all, 'detail', id] as const,
};

export const updateCorporateUserLanguage = (id: string, languageCode: Lang) =>
  api.patch<CorporateUser>(`/corporateUser/${encodeURIComponent(id)}/update`, { languageCode });

export function useConsoleLanguage(userId: string | null) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const user = useQuery({
    queryKey: corporateUserKeys.detail(userId ?? ''),
    queryFn: () => api.get<CorporateUser>(`/corporateUser/${encodeURIComponent(userId ?? '')}`),
    enabled: !!userId,
    staleTime: 5 * 60_000,
  });
  const savedCode = user.data?.languageCode;

  // Applied when the saved language arrives or changes, and only then (the tenant shell's rule: depending on i18n
  // would undo a switch until its save answers).
  useEffect(() => {
    if (savedCode === undefined) return;
    const lang = toLang(savedCode);
    if (appI18n.language !== lang) void appI18n.changeLanguage(lang);
  }, [savedCode]);

  const save = useMutation({
    mutationFn: (lang: Lang) => updateCorporateUserLanguage(userId ?? '', lang),
    onSuccess: async (answer, lang) => {
      if (!answer?.id) {
        notifyError(t('shell.language.saveFailed'));
        return;
      }
      qc.setQueryData(corporateUserKeys.detail(answer.id), answer);
      await i18n.changeLanguage(lang);
      // i18n.t, not the render's t: the confirmation speaks the new language.
      notifySuccess(i18n.t('shell.language.saved'));
    },
    onError: () => notifyError(t('shell.language.saveFailed')),
  });

  const change = (lang: Lang) => {
    if (lang === toLang(i18n.language)) return;
    // no user (never in the console): the locale alone switches
    if (!userId) void i18n.changeLanguage(lang);
    else save.mutate(lang);
  };

  return { lang: toLang(i18n.language), change, saving: save.isPending };
}
