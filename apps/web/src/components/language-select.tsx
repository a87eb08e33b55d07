// English / Français selector (spec 1 §2 Shell). Controlled: the caller decides when the locale really changes.
// A plain labelled <select> styled like Mantine's NativeSelect: Mantine's Input family costs ~4.7 KB gzip on the
// dashboard route, where nothing else uses it (issue 2 bundle budget).
import { useId } from 'react';
import { LANGS, type Lang, useTranslation } from '../lib/i18n';
import classes from './language-select.module.css';

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
  const id = useId();
  return (
    <div className={classes.root} data-size={size}>
      <label htmlFor={id} className={hideLabel ? classes.hiddenLabel : classes.label}>
        {t('common.language')}
      </label>
      <div className={classes.field}>
        <select
          id={id}
          className={classes.select}
          value={value}
          // aria-disabled, not disabled: a disabled select loses focus to the page body while the choice saves (2.4.3).
          aria-disabled={disabled || undefined}
          onChange={(e) => {
            if (!disabled) onChange(e.currentTarget.value as Lang);
          }}
        >
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`common.languages.${l}`)}
            </option>
          ))}
        </select>
        <svg className={classes.chevron} viewBox="0 0 15 15" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
            d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
          />
        </svg>
      </div>
    </div>
  );
}
