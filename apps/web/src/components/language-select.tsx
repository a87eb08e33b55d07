// English / Français selector (spec 1 §2 Shell). Controlled: the caller decides when the locale really changes.
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../lib/i18n';

interface LanguageSelectProps {
  value: Lang;
  onChange: (lang: Lang) => void;
  disabled?: boolean;
  /** Visible label; hidden labels still name the control for assistive technology. */
  hideLabel?: boolean;
  size?: 'xs' | 'sm';
}

export function LanguageSelect({ value, onChange, disabled, hideLabel = false, size = 'sm' }: LanguageSelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size={size}
      label={t('common.language')}
      labelProps={hideLabel ? { style: visuallyHidden } : undefined}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value as Lang)}
      data={LANGS.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
    />
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
