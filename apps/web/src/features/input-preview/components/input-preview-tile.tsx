import { PREVIEW_TILE_MAX_WIDTH } from '@ec/contract/input-preview';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PreviewFrame } from '../api/preview-store';
import type { PreviewStatus } from '../hooks/use-input-preview';
import { AudioMeters } from './audio-meters';

/** What the tile says beside (or instead of) the picture; null while pictures come. */
function statusText(status: PreviewStatus, hasFrame: boolean): string | null {
  switch (status.kind) {
    case 'unavailable':
    case 'failed':
    case 'no data':
      return status.message;
    case 'paused':
      return 'Preview paused while the window is not in focus.';
    case 'waiting':
      return hasFrame ? null : 'Requesting preview...';
    case 'streaming':
      return hasFrame ? null : 'No preview for this input.';
  }
}

/**
 * One input's live preview (spec 2 §4.8): its latest picture, at most 480 px wide in the 16:9 shape the
 * picture takes, its audio meters, and why there is no picture when there is none.
 */
export function InputPreviewTile(props: {
  inputName: string;
  frame: PreviewFrame | undefined;
  status: PreviewStatus;
  /** An input without a source has no picture to show. */
  noSignal?: boolean;
}) {
  const { frame, status, inputName } = props;
  const text = props.noSignal && status.kind !== 'unavailable' ? 'No signal' : statusText(status, !!frame);
  const problem = status.kind === 'failed' || status.kind === 'no data';
  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: PREVIEW_TILE_MAX_WIDTH }}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          width: '100%',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
        }}
      >
        {frame ? (
          <Box
            component="img"
            src={frame.src}
            alt={`Preview of ${inputName}`}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Stack
            role="img"
            aria-label={`Preview of ${inputName}`}
            spacing={1}
            sx={{ alignItems: 'center', p: 2 }}
          >
            {status.kind === 'waiting' && !props.noSignal && <CircularProgress size={24} aria-hidden />}
            {!problem && (
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            )}
          </Stack>
        )}
      </Box>
      {problem && text && <Alert severity="warning">{text}</Alert>}
      {frame && !problem && text && (
        <Typography variant="caption" color="text.secondary">
          {text}
        </Typography>
      )}
      {frame && <AudioMeters levels={frame.audioLevels} inputName={inputName} />}
    </Stack>
  );
}
