import type { Banner } from '@ec/contract/platform';
import CampaignIcon from '@mui/icons-material/Campaign';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { usePublicConfig } from '../../lib/app-config';
import { preferences, usePreference } from '../../lib/preferences';

const ALERT_COLORS = {
  accent: 'info',
  primary: 'warning',
  secondary: 'info',
  info: 'info',
  warning: 'warning',
  error: 'error',
  success: 'success',
} as const;

/** The banner's HTML with everything that could run removed (scripts, handlers, javascript: links). */
export const sanitizeBannerHtml = (html: string) =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/**
 * The dismissible banner (spec 1 §2.2): title and HTML body from the configuration; Hide is remembered
 * per banner in the hideBanner preference, so a new banner shows again.
 */
export function SiteBanner() {
  const { banner } = usePublicConfig();
  const hidden = usePreference('hideBanner');
  if (!banner || hidden?.includes(banner.banner_id)) return null;
  return (
    <BannerAlert
      banner={banner}
      onHide={() => preferences.set('hideBanner', [...(hidden ?? []), banner.banner_id])}
    />
  );
}

function BannerAlert({ banner, onHide }: { banner: Banner; onHide: () => void }) {
  const html = useMemo(() => sanitizeBannerHtml(banner.html), [banner.html]);
  return (
    <Alert
      severity={ALERT_COLORS[banner.color]}
      icon={<CampaignIcon />}
      role="region"
      aria-label={banner.title}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onHide}>
          Hide
        </Button>
      }
    >
      <AlertTitle>{banner.title}</AlertTitle>
      {/* Sanitized above: DOMPurify keeps markup and drops anything executable. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify */}
      <Box dangerouslySetInnerHTML={{ __html: html }} />
    </Alert>
  );
}
