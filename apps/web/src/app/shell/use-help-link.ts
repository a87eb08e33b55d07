// Issue 21 §1: where "Help centre" leads. The portal's help page unless the deployment names its own help centre
// (HELP_CENTRE_URL, answered by GET /api/web-config); until the answer arrives, and if it fails, the portal's page.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { HELP_ITEM } from './nav-config';

interface WebConfig {
  helpCentreUrl: string | null;
}

export type HelpLink = { external: false; to: string } | { external: true; href: string };

// The deployment's settings do not change while the page is open: asked once per load.
const WEB_CONFIG_KEY = ['web_config'] as const;

export function useHelpLink(): HelpLink {
  const config = useQuery({
    queryKey: WEB_CONFIG_KEY,
    queryFn: () => api.get<WebConfig>('/web-config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = config.data?.helpCentreUrl;
  return url ? { external: true, href: url } : { external: false, to: HELP_ITEM.to };
}
