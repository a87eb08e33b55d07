import { useTranslation } from '../../lib/i18n';
import classes from './shell.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: jumps past the header and navigation to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
