// The dashboard's locale helpers are the app's (src/lib/locale.ts).
export { countryName, localToday, useLang } from '../../../lib/locale';
