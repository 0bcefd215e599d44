import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import { supportsFeature } from '@ec/contract/version-gates';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';

const PREVIEW_FEATURE = 'services.cloud.input_preview.enabled';

/** Why an input shows no live preview (spec 3 §2.2), or null where it may have one. */
export function previewUnavailable(context: DeviceConfigContext): string | null {
  if (!supportsFeature(context.device, 'inputPreview'))
    return 'The input preview needs cloud agent v1.3.0 or newer.';
  if (!isEntitled(context.entitlements, PREVIEW_FEATURE))
    return `This device is not licensed for ${featureLabel(context.device.product_name, PREVIEW_FEATURE)}.`;
  return null;
}

/**
 * The place of an input's live preview (spec 3 §2.2), in the 16:9 shape the picture will take, so the
 * form does not move when it arrives. The picture itself comes with the preview feature.
 */
export function InputPreviewSlot(props: { context: DeviceConfigContext; inputName: string }) {
  const unavailable = previewUnavailable(props.context);
  return (
    <Box
      role="img"
      aria-label={`Preview of ${props.inputName}`}
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        maxWidth: 480,
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        textAlign: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {unavailable ?? 'No preview yet'}
      </Typography>
    </Box>
  );
}
