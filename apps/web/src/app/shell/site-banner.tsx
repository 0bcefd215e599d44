import type { Banner } from '@ec/contract/platform';
import CampaignIcon from '@mui/icons-material/Campaign';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { usePublicConfig } from '../../lib/app-config';
import { preferences, usePreference } from '../../lib/preferences';

/**
 * The banner's HTML with everything that could run removed (scripts, handlers, javascript: links).
 * DOMPurify loads only when there is a banner to show: most pages never need it.
 */
export async function sanitizeBannerHtml(html: string) {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** The sanitized HTML, or null until it is ready. */
function useSanitizedHtml(html: string) {
  const [clean, setClean] = useState<{ from: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    void sanitizeBannerHtml(html).then((sanitized) => live && setClean({ from: html, html: sanitized }));
    return () => {
      live = false;
    };
  }, [html]);
  return clean?.from === html ? clean.html : null;
}

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
  const html = useSanitizedHtml(banner.html);
  // Shown once whole, so the page moves once.
  if (html === null) return null;
  return (
    <Alert
      // The configured colour is a theme colour: accent (purple, the default), primary, secondary, or a status.
      color={banner.color}
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
